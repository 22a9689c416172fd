import type { Browser, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';
import { validateSegments } from './fixtures/validation';

// A friend streak against the real server (decision 055): A and B follow each other; A starts
// a friend streak from B's profile, B accepts it on the achievements page, both validate a
// segment, and each one's profile shows 1 day with the other. Checked at a phone's 360 px
// (no sideways scroll) and with axe.

const CANDIDE = 'candide-ou-l-optimisme-voltaire';

async function readerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  await context.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
  return context.newPage();
}

async function expectFitsAndAccessible(page: Page) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await animationsDone(page);
    const wide = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(wide, `${page.url()} is wider than ${width} px`).toBe(false);
    await expectNoAxeViolations(page, `${page.url()} at ${width} px`, {
      exclude: ['[data-sonner-toaster]'],
    });
  }
}

test('A and B, who follow each other, start a friend streak; both validate: 1 day on both profiles', async ({
  browser,
  baseURL,
  origin,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const a = await readerPage(browser, baseURL);
  const b = await readerPage(browser, baseURL);
  await createAccount(a.request, uniqueEmail('amis-a'));
  await createAccount(b.request, uniqueEmail('amis-b'));
  const nonce = Math.random().toString(36).slice(2, 7);
  const names = { a: `Agathe ${nonce}`, b: `Basile ${nonce}` };
  const ids: Record<'a' | 'b', string> = { a: '', b: '' };
  for (const [key, page] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const renamed = await page.request.patch('/api/profiles/me', {
      data: { username: names[key] },
      headers: { origin },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    ids[key] = ((await renamed.json()) as { id: string }).id;
  }
  // They follow each other (the community's own journey is community.spec.ts).
  for (const [page, other] of [
    [a, ids.b],
    [b, ids.a],
  ] as const) {
    const followed = await page.request.put(`/api/follows/${other}`, { headers: { origin } });
    expect(followed.status(), await followed.text()).toBe(200);
  }

  // A, on B's profile: starts a friend streak.
  await a.goto(`/profile/${ids.b}`);
  await expect(a.getByRole('heading', { level: 1, name: names.b })).toBeVisible();
  await a.getByRole('button', { name: 'Lancer une série entre amis' }).click();
  await expect(a.getByText('Invitation envoyée', { exact: true }).first()).toBeVisible();

  // B, on the achievements page: accepts.
  await b.goto('/achievements');
  const section = b.getByRole('region', { name: 'Séries entre amis' });
  await expect(section.getByText(`${names.a} te propose une série entre amis`)).toBeVisible();
  await expectFitsAndAccessible(b);
  await section
    .getByRole('button', { name: `Accepter\u00a0: ${names.a} te propose une série entre amis` })
    .click();
  const streak = section.locator(`[data-friend-streak="${ids.a}"]`);
  await expect(streak).toBeVisible();
  await expect(streak.getByText('0 jour', { exact: true })).toBeVisible();

  // Both validate a segment of Candide.
  await validateSegments(a.request, { slug: CANDIDE, origin, count: 1 });
  await validateSegments(b.request, { slug: CANDIDE, origin, count: 1 });

  // Each profile shows 1 day with the other, as its owner and as the other sees it.
  for (const [page, me, other] of [
    [a, 'a', 'b'],
    [b, 'b', 'a'],
  ] as const) {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: names[me] })).toBeVisible();
    const mine = page.locator(`[data-profile-friend-streak="${ids[other]}"]`);
    await expect(mine.getByRole('link', { name: names[other] })).toBeVisible();
    await expect(mine.getByText('1 jour', { exact: true })).toBeVisible();
  }
  await a.goto(`/profile/${ids.b}`);
  await expect(
    a.locator(`[data-profile-friend-streak="${ids.a}"]`).getByText('1 jour', { exact: true }),
  ).toBeVisible();
  await expect(a.getByText('Série entre amis\u00a0: 1 jour')).toBeVisible();
  await expectFitsAndAccessible(a);

  // The achievements page says both read today.
  await b.goto('/achievements');
  await expect(streak.getByText('1 jour', { exact: true })).toBeVisible();
  await expect(streak.getByText(`Lu par toi et ${names.a} aujourd’hui`)).toBeVisible();
  await expectFitsAndAccessible(b);
});
