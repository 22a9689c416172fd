import type { Page } from '@playwright/test';
import { expect, PASSWORD, test, uniqueEmail } from './fixtures/accounts';
import { signInAdmin } from './fixtures/admin';
import { adminEmail } from './fixtures/env';
import { resetLinkOf, waitForMail } from './fixtures/mail';

// Accounts (docs/architecture.md#accounts and #profiles), against the real server: about 7
// sign-ups per run (limit 20/h).

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
}

const accountMenuButton = (page: Page) => page.getByRole('button', { name: 'Menu du compte' });

test('sign up, land on /home signed in, sign out to /, sign back in', async ({ page }) => {
  const email = uniqueEmail('inscription');
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Créer un compte' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByText('Compte créé avec succès. Tu peux maintenant te connecter.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeHidden();
  await accountMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(email);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Profil',
    'Relire des questions',
    'Déconnexion',
  ]);

  await menu.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Déconnexion réussie')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await expect(accountMenuButton(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('lisons:onboarding-done'))).toBe('1');
  // The server forgot the session too.
  expect(await (await page.request.get('/api/auth/session')).json()).toEqual({ user: null });

  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Connexion réussie !')).toBeVisible();
  await expect(accountMenuButton(page)).toBeVisible();
});

test("a wrong password shows 'Email ou mot de passe incorrect'", async ({
  page,
  request,
  createAccount,
}) => {
  const { email } = await createAccount(request, uniqueEmail('mauvais-mdp'));
  await page.goto('/auth');
  await fillCredentials(page, email, 'pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email ou mot de passe incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
});

test('the form checks the fields before asking the server', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("L'email est requis")).toBeVisible();
  await expect(page.getByText('Le mot de passe est requis')).toBeVisible();
  await fillCredentials(page, 'lea@exemple', '123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("Format d'email invalide")).toBeVisible();
  await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'text');
});

test('forgotten password: mail, link, new password, sign in with it', async ({
  page,
  request,
  origin,
  createAccount,
}) => {
  const { email } = await createAccount(request, uniqueEmail('oubli'));
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Mot de passe oublié?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mot de passe oublié' });
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(dialog.getByText('Veuillez saisir votre adresse email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(
    page.getByText('Un email de réinitialisation a été envoyé à votre adresse'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The sign-up's confirmation mail goes to the same address, sent by a job that may finish
  // later: wait for the reset mail itself.
  const subject = 'Réinitialise ton mot de passe Lisons';
  const mail = await waitForMail(email, 15_000, (m) => m.subject === subject);
  expect(mail.subject).toBe(subject);
  const link = resetLinkOf(mail);
  expect(link.startsWith(`${origin}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  const newPassword = 'Nouveau2Depart';
  await page.getByLabel('Nouveau mot de passe').fill(newPassword);
  await page.getByLabel('Confirme le mot de passe').fill('Autre2Depart');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await page.getByLabel('Confirme le mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe mis à jour' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5000 });

  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email ou mot de passe incorrect')).toBeVisible();
  await fillCredentials(page, email, newPassword);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // A reset link works once.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lien invalide ou expiré' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page).toHaveURL(/\/(auth|home)$/);
});

test('/profile sends a visitor to /auth, replacing the history entry', async ({ page }) => {
  await page.goto('/a-propos');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/a-propos$/);
});

test('signing in from a book page comes back to the book; a next to another site is ignored', async ({
  page,
  request,
  createAccount,
}) => {
  const { email } = await createAccount(request, uniqueEmail('retour-livre'));
  const book = '/books/candide-ou-l-optimisme-voltaire';
  await page.goto(book);
  await expect(
    page.getByRole('heading', { level: 1, name: "Candide ou l'Optimisme" }),
  ).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fbooks%2Fcandide-ou-l-optimisme-voltaire$/);
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`${book}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: "Candide ou l'Optimisme" }),
  ).toBeVisible();
  await expect(accountMenuButton(page)).toBeVisible();

  // An open-redirect attempt: signing in stays on Lisons.
  await page.context().clearCookies();
  for (const next of ['//evil.example', 'https://evil.example/books']) {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
    await page.context().clearCookies();
  }
});

test('a signed-in reader who opens /auth goes on to /home', async ({ page, createAccount }) => {
  await createAccount(page.request, uniqueEmail('deja-connecte'));
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/home$/);
  await expect(accountMenuButton(page)).toBeVisible();
});

test('the reader names themself on /profile; the header follows', async ({
  page,
  createAccount,
}) => {
  const { email } = await createAccount(page.request, uniqueEmail('profil'));
  await page.goto('/profile');
  // The distinct default name given at sign-up (a word and a number), never the e-mail's start.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\S+ \d+$/);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const settings = page.getByRole('tabpanel', { name: 'Paramètres' });
  await expect(settings.getByRole('link', { name: 'Politique de confidentialité' })).toBeVisible();

  await page.getByRole('button', { name: 'Modifier mon nom' }).click();
  const field = page.getByLabel('Nom de profil');
  await field.fill('Lé');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le nom doit contenir au moins 3 caractères')).toBeVisible();
  await field.fill('Léa Lecture');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Nom de profil enregistré')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Léa Lecture' })).toBeVisible();
  await expect(accountMenuButton(page)).toHaveText('LL');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Léa Lecture' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier mon nom' })).toBeVisible();

  await page.getByRole('tab', { name: 'Paramètres' }).click();
  await settings.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
});

test('an administrator finds Administration in the avatar menu', async ({ page, origin }) => {
  await signInAdmin(page.request, origin);
  await page.goto('/a-propos');
  await accountMenuButton(page).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Profil',
    'Relire des questions',
    'Administration',
    'Déconnexion',
  ]);
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(adminEmail)).toBeVisible();
});

test('375 px: the menu holds the account, and signs out', async ({ page, createAccount }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { email } = await createAccount(page.request, uniqueEmail('mobile'));
  await page.goto('/a-propos');
  await expect(accountMenuButton(page)).toBeVisible();
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toContainText(email);
  await expect(menu.getByRole('link', { name: 'Profil' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await menu.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
});
