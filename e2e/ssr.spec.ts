import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';

// Public pages come rendered by the server (decision 030): readable with JavaScript off,
// then hydrated by React with the same markup (a mismatch is reported as an error).
const CANDIDE = '/books/candide-ou-l-optimisme-voltaire';
// One of the articles every new database starts with (data/blog).
const ARTICLE = '/blog/reprendre-gout-a-la-lecture';

const publicPages: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /L'appli qui t'accompagne|lecture/i },
  { path: '/a-propos', heading: /À propos de Lisons/ },
  { path: '/presse', heading: /Espace presse/ },
  { path: '/legal/privacy', heading: /Politique de confidentialité/ },
  { path: '/legal/terms', heading: /Conditions générales d'utilisation/ },
  { path: '/explore', heading: /Explorer le catalogue/ },
  { path: CANDIDE, heading: /Candide/ },
  { path: '/blog', heading: /Le blog/ },
  { path: ARTICLE, heading: /Reprendre goût à la lecture/ },
];

/** Every error the page reports: console errors and uncaught errors (React's included). */
async function collectErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // What the content security policy refused, even when the page caught it (a library
  // probing eval): the browser reports it as an issue.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP refused ${event.violatedDirective} in ${event.sourceFile}`),
    ),
  );
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of publicPages) {
    test(`${path} shows its content`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    });
  }

  test('an article shows its text, and its head has its title and Open Graph tags', async ({
    page,
  }) => {
    await page.goto(ARTICLE);
    await expect(page.getByText(/chemin du retour est beaucoup plus court/)).toBeVisible();
    await expect(page).toHaveTitle(/Reprendre goût à la lecture.* · Lisons/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${ARTICLE}$`),
    );
    // The entry is started after the first paint (decision 034), its screen's code preloaded
    // with it: the page lists them for index.html's loader.
    const deferred = JSON.parse((await page.locator('#lisons-deferred').textContent()) ?? '{}') as {
      entry: string;
      modules: string[];
    };
    expect(deferred.entry).toMatch(/^\/assets\/index-[\w-]{8}\.js$/);
    const screen = deferred.modules.filter((href) =>
      /^\/assets\/blog-post-[\w-]{8}\.js$/.test(href),
    );
    expect(screen).toHaveLength(1);
    const chunk = await page.request.get(screen[0] ?? '');
    expect(chunk.headers()['content-type']).toContain('javascript');
    // No script or preload in the document: nothing competes with its first paint. Without
    // JavaScript the whole stylesheet applies (<noscript>).
    await expect(page.locator('link[rel="modulepreload"], script[src]')).toHaveCount(0);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute(
      'href',
      /^\/assets\/index-[\w-]{8}\.css$/,
    );
  });

  test('a book page shows its description and its author', async ({ page }) => {
    await page.goto(CANDIDE);
    await expect(page.getByRole('heading', { level: 2, name: 'Résumé' })).toBeVisible();
    await expect(page.getByText('Voltaire', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Candide.* · Lisons/);
  });
});

test.describe('with JavaScript', () => {
  for (const { path, heading } of publicPages) {
    test(`${path} hydrates without a mismatch`, async ({ page }) => {
      const errors = await collectErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The header's sign-in button appears once React runs and the session is read: the
      // page has been hydrated.
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Se connecter' }),
      ).toBeVisible({ timeout: 15_000 });
      // The web fonts, added after the first paint, replace the local fallback faces.
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.fonts]
              .filter((font) => /Inter Variable|Fraunces Variable/.test(font.family))
              .map((font) => font.status),
          ),
        )
        .toEqual(expect.arrayContaining(['loaded']));
      expect(errors).toEqual([]);
    });
  }

  test('the hydrated page navigates in the browser', async ({ page }) => {
    const errors = await collectErrors(page);
    await page.goto('/a-propos');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Se connecter' }),
    ).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Presse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Espace presse/ })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a page whose image never arrives still starts its code', async ({ page }) => {
    // The code waits for the page's load event, which a cover that never comes holds back:
    // the loader starts it anyway (3 s after the first paint at most).
    await page.route('**/covers/**', () => {});
    await page.goto(CANDIDE, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: /Candide/ })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toBeVisible({
      timeout: 15_000,
    });
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  });

  test('a signed-in reader gets the visitor page, then their own, without a mismatch', async ({
    page,
    createAccount,
  }) => {
    await createAccount(page.request, uniqueEmail('ssr'));
    const errors = await collectErrors(page);
    await page.goto(CANDIDE);
    await expect(page.getByRole('heading', { level: 1, name: /Candide/ })).toBeVisible();
    // The header shows the reader's menu once the session is read.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Se connecter' })).toHaveCount(
      0,
    );
    await expect(page.getByRole('button', { name: /Ajouter à ma liste|Ma liste/ })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
