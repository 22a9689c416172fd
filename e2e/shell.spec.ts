import { test as base, expect, type Page } from '@playwright/test';
import { redirects } from '../domain/screen-paths';

const ONBOARDING_KEY = 'lisons:onboarding-done';

// Visitors here have already seen the onboarding, so its dialog never covers a page.
const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, '1'), ONBOARDING_KEY);
    await use(page);
  },
});

const headingOf: Record<string, string> = {
  '/a-propos': 'À propos de Lisons',
  '/presse': 'Espace presse',
  '/legal/privacy': 'Politique de confidentialité',
  '/legal/terms': "Conditions générales d'utilisation",
  '/blog': 'Le blog',
};

test.describe('landing page', () => {
  for (const path of ['/', '/landing']) {
    test(`${path} shows the hero, the four benefits and the final call to action`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: "L'appli qui t'accompagne dans ta lecture, page après page",
        }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Une nouvelle façon de lire' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3 })).toHaveCount(4);
      await expect(
        page.getByRole('heading', { name: 'Prêt à recommencer à lire ?' }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(/v\d+\.\d+\.\d+/);
    });
  }

  test("'Commencer' leads to /auth", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Commencer', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("'Découvrir le blog' leads to /blog", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Découvrir le blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("'Créer mon compte gratuit' leads to /auth", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Créer mon compte gratuit' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('redirects', () => {
  for (const [from, to] of Object.entries(redirects)) {
    test(`${from} lands on ${to}`, async ({ page }) => {
      const response = await page.goto(from);
      expect(response?.ok() || response?.status() === 404).toBe(true);
      await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: headingOf[to] ?? /./ }),
      ).toBeVisible();
    });
  }
});

test('an unknown path shows the 404 page, answered with a 404 status', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  await expect(page.getByText("La page que tu cherches n'existe pas.")).toBeVisible();
  await expect(page).toHaveTitle('Page introuvable · Lisons');
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('footer', () => {
  const links: [string, string][] = [
    ['À propos', '/a-propos'],
    ['Presse', '/presse'],
    ['Confidentialité', '/legal/privacy'],
    ["Conditions d'utilisation", '/legal/terms'],
    ['Blog', '/blog'],
  ];
  for (const [label, path] of links) {
    test(`'${label}' leads to ${path}`, async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('navigation', { name: 'Liens du pied de page' });
      await footer.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1, name: headingOf[path] })).toBeVisible();
      const title = await page.title();
      expect(title).toMatch(/ · Lisons$/);
    });
  }

  test('shows the version and the build date', async ({ page }) => {
    await page.goto('/a-propos');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/Version v\d+\.\d+\.\d+/);
    await expect(footer.locator('time')).toHaveText(/^\d{1,2} \S+ \d{4} à \d{2}:\d{2}$/);
  });
});

test('the press kit offers the four logo files', async ({ page, request }) => {
  await page.goto('/presse');
  const links = page.getByRole('link', { name: /^Télécharger/ });
  await expect(links).toHaveCount(4);
  for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
    const response = await request.get(href ?? '');
    expect(response.status(), href ?? '').toBe(200);
  }
  await expect(page.getByRole('link', { name: 'presse@lisons.app' })).toHaveAttribute(
    'href',
    'mailto:presse@lisons.app',
  );
});

test.describe('header', () => {
  test('desktop: the navigation items in order, then Se connecter', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/a-propos');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link')).toHaveText([
      'Accueil',
      'Explorer',
      'Récompenses',
      'Ma liste',
      'Lecteurs',
      'Blog',
      'À propos',
      'Presse',
      'Premium',
    ]);
    // Signing in comes back to this page (docs/architecture.md#accounts).
    await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth?next=%2Fa-propos',
    );
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeHidden();
  });

  test('375 px: the hamburger opens the left menu with every item; Escape closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/a-propos');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    const button = page.getByRole('button', { name: 'Ouvrir le menu' });
    await button.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Accueil',
      'Explorer',
      'Récompenses',
      'Ma liste',
      'Lecteurs',
      'Blog',
      'À propos',
      'Presse',
      'Premium',
    ]);
    // It slides in from the left edge.
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('375 px: following a menu link closes the menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/a-propos');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Presse' }).click();
    await expect(page).toHaveURL(/\/presse$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Espace presse' })).toBeVisible();
  });

  test("the skip link 'Aller au contenu' moves focus to the content", async ({ page }) => {
    await page.goto('/a-propos');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos de Lisons' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#contenu')).toBeFocused();
  });
});

base.describe('onboarding', () => {
  base('appears once for a fresh visitor, and not again after Passer', async ({ page }) => {
    await page.goto('/a-propos');
    const dialog = page.getByRole('dialog', { name: 'Bienvenue sur Lisons' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Étape 1 sur 3');
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog).toContainText('Étape 2 sur 3');
    await dialog.getByRole('button', { name: 'Passer' }).click();
    await expect(dialog).toBeHidden();
    expect(
      await page.evaluate(() => localStorage.getItem('lisons:onboarding-done')),
    ).not.toBeNull();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'À propos de Lisons' })).toBeVisible();
    // Give it the time it would take to appear.
    await page.waitForTimeout(2500);
    await expect(dialog).toBeHidden();
  });

  base('keeps the focus inside, and Escape or a tap beside it counts as seen', async ({ page }) => {
    await page.goto('/a-propos');
    const dialog = page.getByRole('dialog', { name: 'Bienvenue sur Lisons' });
    await expect(dialog.getByRole('button', { name: 'Suivant' })).toBeFocused();
    // The rest of the page is out of reach while it is open: Tab goes round the dialog's
    // buttons, and out to the browser itself (document.body) after the last, as browsers do
    // with their modal dialogs, never to a link of the page behind.
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      const where = await dialog.evaluate((element) =>
        element.contains(document.activeElement)
          ? 'dialog'
          : document.activeElement === document.body
            ? 'browser'
            : (document.activeElement?.outerHTML ?? 'none'),
      );
      expect(['dialog', 'browser']).toContain(where);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('lisons:onboarding-done'))).toBe('1');

    await page.evaluate(() => localStorage.removeItem('lisons:onboarding-done'));
    await page.reload();
    await expect(dialog).toBeVisible();
    // Above the dialog, on the dimmed page behind it.
    await page.mouse.click(10, 10);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('lisons:onboarding-done'))).toBe('1');
  });

  base("ends with C'est parti on the third step", async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Bienvenue sur Lisons' });
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog).toContainText('Étape 3 sur 3');
    await dialog.getByRole('button', { name: "C'est parti" }).click();
    await expect(dialog).toBeHidden();
  });
});
