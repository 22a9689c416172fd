import { expect, test, uniqueEmail } from './fixtures/accounts';
import { openAndAddBook } from './fixtures/validation';

// What the browser shows after moving inside the app: the head of the page it is on
// (client/lib/use-page-meta.ts), toasts clear of the header's controls (client/app/toaster.tsx).

test('from the blog list to an article, canonical and Open Graph tags follow', async ({ page }) => {
  await page.goto('/blog');
  const head = (selector: string, attribute = 'content') =>
    page.locator(`head ${selector}`).getAttribute(attribute);
  expect(new URL((await head('link[rel="canonical"]', 'href')) ?? '').pathname).toBe('/blog');

  const link = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  const title = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const path = new URL(page.url()).pathname;
  expect(path).toMatch(/^\/blog\/[\w-]+$/);

  await expect
    .poll(async () => new URL((await head('link[rel="canonical"]', 'href')) ?? '').pathname)
    .toBe(path);
  expect(new URL((await head('meta[property="og:url"]')) ?? '').pathname).toBe(path);
  expect(await head('meta[property="og:title"]')).toBe(`${title} · Lisons`);
  expect(await head('meta[property="og:description"]')).toBe(
    await head('meta[name="description"]'),
  );
  // The picture is the article's own, or the site's when it has none: never the list's card.
  const image = await head('meta[property="og:image"]');
  expect(image).toMatch(/\/(blog-images\/|og-image\.png$)/);

  // And the same tags as the server writes for that article, loaded directly.
  const direct = await page.request.get(path);
  const html = await direct.text();
  expect(html).toContain(`og:url" content="${await head('meta[property="og:url"]')}"`);
  expect(html).toContain(`og:image" content="${image}"`);
});

test('360 px: a toast does not cover the header, its bell or its avatar', async ({
  page,
  createAccount,
}) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await createAccount(page.request, uniqueEmail('toast'));
  await openAndAddBook(page, 'micromegas-voltaire');
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  const headerBox = await page.getByRole('banner').boundingBox();
  expect(toastBox && headerBox).toBeTruthy();
  if (!toastBox || !headerBox) return;
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
});
