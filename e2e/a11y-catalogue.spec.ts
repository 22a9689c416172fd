import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';

// One test per width, each with its own reader: six axe runs of about 7 s each on a busy
// machine (both widths in one test went past 90 s in CI).
for (const width of [375, 1280]) {
  test(`the catalogue screens have no axe violations at ${width} px`, async ({
    page,
    origin,
    createAccount,
  }) => {
    test.setTimeout(90_000);
    await createAccount(page.request, uniqueEmail(`a11y-catalogue-${width}`));
    const { items } = (await (await page.request.get('/api/search?q=voltaire')).json()) as {
      items: { id: string }[];
    };
    for (const book of items.slice(0, 2)) {
      const added = await page.request.post('/api/reading-list', {
        data: { bookId: book.id },
        headers: { origin },
      });
      expect(added.status()).toBe(201);
    }

    const screens: [string, (page: Page) => Promise<void>][] = [
      ['/home', (p) => expect(p.getByRole('heading', { name: 'Lectures en cours' })).toBeVisible()],
      ['/explore', (p) => expect(p.getByRole('article').first()).toBeVisible()],
      [
        '/books/candide-ou-l-optimisme-voltaire',
        (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      ],
      ['/reading-list', (p) => expect(p.getByRole('region', { name: /À lire/ })).toBeVisible()],
    ];
    await page.setViewportSize({ width, height: 800 });
    for (const [path, ready] of screens) {
      await test.step(`${path} at ${width} px`, async () => {
        await page.goto(path);
        await ready(page);
        await expectNoAxeViolations(page);
      });
    }
    await test.step(`home search results at ${width} px`, async () => {
      await page.goto('/home?q=voltaire');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
    await test.step(`remove dialog at ${width} px`, async () => {
      await page.goto('/reading-list');
      await page.getByRole('button', { name: 'Retirer' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await animationsDone(page);
      await expectNoAxeViolations(page);
    });
  });
}
