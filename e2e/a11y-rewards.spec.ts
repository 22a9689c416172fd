import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';
import { validateSegments } from './fixtures/validation';

// axe-core on /achievements, empty and then with a finished book: one sign-up per run.

test('/achievements has no axe violations at 375 and 1280 px, new reader and after a book', async ({
  page,
  origin,
  createAccount,
}) => {
  test.setTimeout(90_000); // 4 axe runs and a whole book validated, on a busy machine
  await createAccount(page.request, uniqueEmail('a11y-recompenses'));
  const check = async () => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/achievements');
      await expect(page.getByRole('region', { name: 'Défis Actuels' })).toBeVisible();
      await animationsDone(page); // bars and fades settle: axe measures colours
      await expectNoAxeViolations(page);
    }
  };
  await check();
  await validateSegments(page.request, { slug: 'micromegas-voltaire', origin });
  await check();
});
