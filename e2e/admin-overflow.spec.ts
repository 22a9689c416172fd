import { expect, test } from './fixtures/accounts';
import { signInAdmin } from './fixtures/admin';
import { overflowingScreens, screenPaths } from './fixtures/screens';

// The back office's screens fit the window too (e2e/overflow.spec.ts checks the others),
// on the administrators' server, which has their books and posts.

for (const width of [360, 1280]) {
  test(`${width} px: no back office screen is wider than the window`, async ({ page, origin }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await signInAdmin(page.request, origin);
    const books = await page.request.get('/api/admin/books?sort=title&page=1');
    expect(books.status(), await books.text()).toBe(200);
    const { items } = (await books.json()) as { items: { id: string }[] };
    const paths = screenPaths('admin', { adminBook: items[0]?.id });
    expect(await overflowingScreens(page, paths)).toEqual([]);
  });
}
