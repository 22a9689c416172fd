import { expect, test, uniqueEmail } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { validateWholeBook } from './fixtures/rewards';

// axe-core on /achievements, empty and then with a finished book: one sign-up per run.

test('/achievements has no axe violations at 375 and 1280 px, new reader and after a book', async ({
  page,
  origin,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('a11y-recompenses'));
  const check = async () => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/achievements');
      await expect(page.getByRole('region', { name: 'Défis Actuels' })).toBeVisible();
      await page.waitForTimeout(300); // bars and fades settle: axe measures colours on screen
      await expectNoAxeViolations(page);
    }
  };
  await check();
  await validateWholeBook(page.request, { slug: 'micromegas-voltaire', origin });
  await check();
});
