import type { Browser, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';
import { validateSegments } from './fixtures/validation';

// The community against the real server (docs/architecture.md#community): two readers in
// two browser contexts. A follows B from B's profile, B finishes a short book, A sees it in
// the feed and double-taps a Booky, B's profile counts the follower. Two sign-ups per run.

const MICROMEGAS = 'micromegas-voltaire'; // 40 pages, 2 segments

/** A browser context of its own (its own cookies: its own reader), past the onboarding. */
async function readerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  await context.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
  return context.newPage();
}

/** axe at a phone's width and a desktop's; toasts are left out (their fade has no settled colours). */
async function expectAccessible(page: Page, ready: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await animationsDone(page);
    await expectNoAxeViolations(page, `${page.url()} at ${width} px`, {
      exclude: ['[data-sonner-toaster]'],
    });
  }
}

test('A follows B, B finishes a book, A gives it a Booky by double tap, B sees the follower', async ({
  browser,
  baseURL,
  origin,
  createAccount,
}) => {
  test.setTimeout(120_000); // two readers, a whole book and six axe runs on a busy machine
  const a = await readerPage(browser, baseURL);
  const b = await readerPage(browser, baseURL);
  await createAccount(a.request, uniqueEmail('communaute-a'));
  await createAccount(b.request, uniqueEmail('communaute-b'));
  // Names of this run only: the feed also shows other tests' readers.
  const nonce = Math.random().toString(36).slice(2, 7);
  const aName = `Alice ${nonce}`;
  const bName = `Bastien ${nonce}`;
  for (const [page, username] of [
    [a, aName],
    [b, bName],
  ] as const) {
    const renamed = await page.request.patch('/api/profiles/me', {
      data: { username },
      headers: { origin },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
  }
  const session = await b.request.get('/api/auth/session');
  const bId = ((await session.json()) as { user: { id: string } }).user.id;

  // A, on B's profile: no e-mail, no tiles; follows.
  await a.goto(`/profile/${bId}`);
  await expect(a.getByRole('heading', { level: 1, name: bName })).toBeVisible();
  await expect(a.getByText('Temps de lecture')).toHaveCount(0);
  await expect(a.getByRole('link', { name: 'Abonnés (0)' })).toBeVisible();
  await a.getByRole('button', { name: "S'abonner" }).click();
  await expect(a.getByText('Abonné', { exact: true })).toBeVisible();
  await expect(a.getByRole('link', { name: 'Abonnés (1)' })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Se désabonner' })).toBeVisible();
  await expectAccessible(a, () =>
    expect(a.getByRole('tabpanel', { name: "Vue d'ensemble" })).toBeVisible(),
  );

  // The followers list of B names A.
  await a.getByRole('link', { name: 'Abonnés (1)' }).click();
  await expect(a.getByRole('heading', { level: 1, name: 'Abonnés (1)' })).toBeVisible();
  await expect(a.getByRole('link', { name: aName })).toBeVisible();
  await expectAccessible(a, () =>
    expect(a.getByRole('link', { name: 'Retour au profil' })).toBeVisible(),
  );

  // B finishes Micromégas.
  await validateSegments(b.request, { slug: MICROMEGAS, origin });

  // A sees it in the feed and double-taps it.
  await a.goto('/discover');
  await expect(a.getByRole('heading', { level: 1, name: 'Découvrir des lecteurs' })).toBeVisible();
  const activity = a
    .locator('[data-activity]')
    .filter({ hasText: `${bName} a terminé « Micromégas »` });
  await expect(activity).toBeVisible();
  await expect(activity.getByText('0 Booky')).toBeVisible();
  await activity.locator('time').dblclick();
  await expect(activity.getByText('1 Booky')).toBeVisible();
  await expect(activity.getByRole('button', { name: 'Retirer mon Booky' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(a, () =>
    expect(a.getByRole('region', { name: 'Communauté' }).locator('dd').first()).toBeVisible(),
  );

  // The Booky is the server's: it is still there after a reload.
  await a.reload();
  await expect(activity.getByText('1 Booky')).toBeVisible();

  // B's own profile counts A, and B's finished book.
  await b.goto('/profile');
  await expect(b.getByRole('heading', { level: 1, name: bName })).toBeVisible();
  await expect(b.getByRole('link', { name: 'Abonnés (1)' })).toBeVisible();
  await b.getByRole('tab', { name: 'Livres' }).click();
  await expect(b.getByRole('heading', { name: 'Livres terminés (1)' })).toBeVisible();
  await expect(b.getByRole('link', { name: /Micromégas/ })).toHaveAttribute(
    'href',
    `/books/${MICROMEGAS}`,
  );
  await expectAccessible(b, () =>
    expect(b.getByRole('tabpanel', { name: 'Livres' })).toBeVisible(),
  );

  await a.context().close();
  await b.context().close();
});

test('a visitor is sent to /auth from the community pages', async ({ page }) => {
  for (const path of ['/discover', '/followers/followers/0b7a4c6e-1111-4000-8000-000000000002']) {
    await page.goto(path);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('next') === path,
    );
  }
});
