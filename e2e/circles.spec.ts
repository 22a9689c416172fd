import type { Browser, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';
import { horizontalOverflow } from './fixtures/screens';

// Reading circles against the real server (docs/architecture.md#reading-circles): A starts a
// circle from a book's page, B opens the invitation link signed out, is asked to sign in and
// comes back to it, sees the circle's schedule and joins; both then see the schedule and each
// other. At a phone's 360 px nothing is wider than the window, and axe finds nothing.

const MICROMEGAS = 'micromegas-voltaire'; // 40 pages, 2 segments

/** A browser context of its own (its own cookies: its own reader), past the onboarding. */
async function readerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 360, height: 800 },
  });
  await context.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
  return context.newPage();
}

async function expectFitsAndAccessible(page: Page) {
  await animationsDone(page);
  expect(await horizontalOverflow(page), page.url()).toBeNull();
  await expectNoAxeViolations(page, `${page.url()} at 360 px`, {
    exclude: ['[data-sonner-toaster]'],
  });
}

test('A starts a circle, B joins by its link, both see the schedule', async ({
  browser,
  baseURL,
  origin,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const a = await readerPage(browser, baseURL);
  const b = await readerPage(browser, baseURL);
  await createAccount(a.request, uniqueEmail('cercle-a'));
  const nonce = Math.random().toString(36).slice(2, 7);
  const aName = `Aurore ${nonce}`;
  const renamed = await a.request.patch('/api/profiles/me', {
    data: { username: aName },
    headers: { origin },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  // A, on the book's page: « Lancer un cercle », a name, today, a segment every 3 days.
  await a.goto(`/books/${MICROMEGAS}`);
  await a.getByRole('button', { name: 'Lancer un cercle' }).click();
  const form = a.getByRole('dialog', { name: 'Lancer un cercle de lecture' });
  await form.getByLabel('Nom du cercle').fill(`Les voyageurs ${nonce}`);
  await form.getByLabel('Jours par segment').fill('3');
  await form.getByRole('button', { name: 'Lancer le cercle' }).click();
  await expect(a).toHaveURL(/\/cercles\/[0-9a-f-]{36}$/);
  await expect(a.getByRole('heading', { level: 1, name: `Les voyageurs ${nonce}` })).toBeVisible();
  const schedule = a.getByRole('region', { name: 'Le calendrier' });
  await expect(schedule.getByRole('listitem')).toHaveCount(2);
  await expect(schedule.getByRole('listitem').first()).toContainText('Segment 1');
  await expect(schedule.getByRole('listitem').first()).toContainText('pages 1 à 30');
  const link = await a.getByLabel('Lien d’invitation').inputValue();
  expect(link).toMatch(/\/cercles\/rejoindre\/[\w-]{22}$/);
  await expectFitsAndAccessible(a);

  // B opens the link signed out: asked to sign in, then back on the invitation.
  const joinPath = new URL(link).pathname;
  await b.goto(joinPath);
  await expect(b).toHaveURL(/\/auth\?next=/);
  await createAccount(b.request, uniqueEmail('cercle-b'));
  await b.reload();
  await expect(b).toHaveURL(joinPath);
  await expect(b.getByRole('heading', { level: 1, name: `Les voyageurs ${nonce}` })).toBeVisible();
  await expect(b.getByText(`${aName} t’invite à lire`)).toBeVisible();
  await expect(b.getByRole('region', { name: 'Le calendrier' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await expectFitsAndAccessible(b);
  await b.getByRole('button', { name: 'Rejoindre le cercle' }).click();

  // B is in: the circle's page, its schedule, A and B as members.
  await expect(b).toHaveURL(/\/cercles\/[0-9a-f-]{36}$/);
  const bSchedule = b.getByRole('region', { name: 'Le calendrier' });
  await expect(bSchedule.getByRole('listitem')).toHaveCount(2);
  const members = b.getByRole('region', { name: 'Les membres' }).getByRole('listitem');
  await expect(members).toHaveCount(2);
  await expect(members.first()).toContainText(aName);
  await expect(b.getByRole('button', { name: 'Quitter le cercle' })).toBeVisible();
  await expectFitsAndAccessible(b);
  // The book joined B's list, and the circle shows under it.
  await b.goto('/reading-list');
  await expect(b.getByRole('region', { name: 'Mes cercles de lecture' })).toContainText(
    `Les voyageurs ${nonce}`,
  );
  await expect(b.getByRole('heading', { name: 'Micromégas' }).first()).toBeVisible();

  // A sees B among the members, and may remove B or close the circle.
  await a.reload();
  await expect(a.getByRole('region', { name: 'Les membres' }).getByRole('listitem')).toHaveCount(2);
  await expect(a.getByRole('button', { name: /^Retirer .+ du cercle$/ })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Clore le cercle' })).toBeVisible();
});
