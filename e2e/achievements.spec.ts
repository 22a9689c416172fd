import { badges } from '../domain/rewards';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { validateSegments } from './fixtures/validation';

// The achievements page (docs/architecture.md#screens) against the real server: one
// sign-up per run.

test('a new reader sees everything at zero, then their first book once it is validated', async ({
  page,
  origin,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('accomplissements'));

  await page.goto('/achievements');
  await expect(page.getByRole('heading', { level: 1, name: 'Vos Accomplissements' })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Statistiques' });
  await expect(stats.locator('[data-stat="books"] dd')).toHaveText('0');
  await expect(page.getByText(/Valide ton premier segment/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Collections & Exploits' }).getByText('Pas encore obtenu'),
  ).toHaveCount(Object.keys(badges).length);

  // Micromégas: 40 pages, 2 segments, answered through the API.
  await validateSegments(page.request, { slug: 'micromegas-voltaire', origin });

  await page.reload();
  await expect(stats.locator('[data-stat="books"] dd')).toHaveText('1');
  await expect(stats.locator('[data-stat="pages"] dd')).toHaveText('40');
  await expect(stats.locator('[data-stat="segments"] dd')).toHaveText('2');
  await expect(stats.locator('[data-stat="badges"] dd')).toHaveText('1');
  const xp = Number.parseInt(
    ((await stats.locator('[data-stat="xp"] dd').textContent()) ?? '').replace(/\D/g, ''),
    10,
  );
  expect(xp).toBeGreaterThanOrEqual(20);

  const streaks = page.getByRole('region', { name: 'Séries de Lecture' });
  await expect(streaks.locator('[data-streak="current"] dd')).toHaveText('1 jour');
  await expect(streaks.locator('[data-streak="best"] dd')).toHaveText('1 jour');

  const progression = page.getByRole('region', { name: 'Progression' });
  await expect(progression.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(xp));
  // One level on the page (decision 018): 2 segments, a badge, maybe a quest: under 100 XP.
  await expect(page.getByText(/^Niveau \d+$/)).toHaveText(['Niveau 1']);

  const firstBook = page.locator('[data-badge="premier-livre"]');
  await expect(firstBook).toHaveAttribute('data-earned', 'true');
  await expect(firstBook.getByRole('heading', { name: 'Premier livre' })).toBeVisible();
  await expect(firstBook).toContainText('Commun');
  await expect(firstBook).toContainText(/Obtenu le \d{1,2} \p{L}+ \d{4}/u);
  await expect(page.locator('[data-badge="serie-7-jours"]')).toContainText('Pas encore obtenu');

  const challenges = page.getByRole('region', { name: 'Défis Actuels' });
  const pages = challenges.locator('[data-challenge="cinq-cents-pages"]');
  await expect(pages.getByRole('heading', { name: '500 pages' })).toBeVisible();
  await expect(pages).toContainText('40 / 500');
  await expect(pages.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByText(/Valide ton premier segment/)).toBeHidden();
});

test('a visitor is sent to /auth', async ({ page }) => {
  await page.goto('/achievements');
  await expect(page).toHaveURL(/\/auth\?next=%2Fachievements$/);
});
