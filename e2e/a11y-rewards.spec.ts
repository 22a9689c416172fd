import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { validateWholeBook } from './fixtures/rewards';

// axe-core on /achievements, empty and then with a finished book: one sign-up per run.

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

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
      await expectNoViolations(page);
    }
  };
  await check();
  await validateWholeBook(page.request, { slug: 'micromegas-voltaire', origin });
  await check();
});
