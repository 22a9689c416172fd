import { test as base, expect, type Page } from '@playwright/test';
import { uniqueEmail, test as withAccounts } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';
import { resetLinkOf, waitForMail } from './fixtures/mail';

const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    await page.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
    await use(page);
  },
});

const pages: [string, string][] = [
  ['/', "L'appli qui t'accompagne dans ta lecture, page après page"],
  ['/cette-page-n-existe-pas', 'Page introuvable'],
  ['/a-propos', 'À propos de Lisons'],
  ['/presse', 'Espace presse'],
  ['/legal/privacy', 'Politique de confidentialité'],
  ['/legal/terms', "Conditions générales d'utilisation"],
  ['/auth', 'Connexion'],
  ['/reset-password', 'Lien invalide ou expiré'],
];

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const [path, heading] of pages) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('375 px: the open menu has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/a-propos');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  // Let the slide-in finish: axe measures colours on screen.
  await animationsDone(page);
  await expectNoAxeViolations(page);
});

base('the onboarding dialog has no axe violations', async ({ page }) => {
  await page.goto('/a-propos');
  await expect(page.getByRole('dialog', { name: 'Bienvenue sur Lisons' })).toBeVisible();
  await animationsDone(page);
  await expectNoAxeViolations(page);
});

test('/auth: the form with its messages, and the reset dialog, have no axe violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("L'email est requis")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Mot de passe oublié?' }).click();
  await expect(page.getByRole('dialog', { name: 'Mot de passe oublié' })).toBeVisible();
  await animationsDone(page);
  await expectNoAxeViolations(page);
});

withAccounts(
  '/reset-password with a valid link has no axe violations',
  async ({ page, request, origin, createAccount }) => {
    const { email } = await createAccount(request, uniqueEmail('a11y-reset'));
    const asked = await request.post('/api/auth/password-reset', {
      data: { email },
      headers: { origin },
    });
    expect(asked.status()).toBe(200);
    // Opening the link only checks it: the token stays usable for both widths.
    // The newest mail with a reset link (the address's confirmation mail came first).
    const link = resetLinkOf(
      await waitForMail(email, 15_000, (mail) => mail.text.includes('/reset-password?token=')),
    );
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(link);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await expect(page.getByText('Veuillez remplir tous les champs')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  },
);
