import { expect, test, uniqueEmail } from './fixtures/accounts';
import { signInAdmin } from './fixtures/admin';

// A reader adds a book the catalogue lacks (decision 044), with the open-catalogue lookup off
// (BOOK_LOOKUP=off on the e2e servers): the form typed by hand, the book readable at once and
// marked as the community's; a second reader trying to add it again is led to it; an
// administrator confirms it and the mark goes. On the administrators' server: it adds books.

test('a reader adds a missing book by typing it; another is led to it', async ({
  page,
  browser,
  origin,
  createAccount,
}) => {
  const title = `Noces ${Date.now().toString(36)}`;
  await createAccount(page.request, uniqueEmail('ajout'));
  await page.goto(`/home?q=${encodeURIComponent(title)}`);
  await expect(page.getByText('Aucun livre trouvé')).toBeVisible();
  await page.getByRole('link', { name: 'Ajouter ce livre' }).click();
  await expect(page).toHaveURL(/\/add-book\?q=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un livre' })).toBeVisible();
  // The lookup is off: it says so, and the form is there to type.
  await expect(
    page.getByText('La recherche dans le catalogue ouvert est désactivée sur ce serveur.', {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Titre' }).fill(title);
  await page.getByRole('textbox', { name: 'Auteur' }).fill('Albert Camus');
  await page.getByLabel('Nombre de pages').fill('75');
  await page.getByLabel('Catégorie').selectOption('litterature');
  await page.getByRole('button', { name: 'Ajouter le livre' }).click();

  await expect(page).toHaveURL(/\/books\/noces-/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Ajouté par la communauté')).toBeVisible();

  // Another reader types the same book (other case, no accents): led to the one there.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const other = await context.newPage();
  await other.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
  await createAccount(other.request, uniqueEmail('ajout-2'));
  await other.goto('/add-book');
  await other.getByRole('textbox', { name: 'Titre' }).fill(title.toUpperCase());
  await other.getByRole('textbox', { name: 'Auteur' }).fill('albert camus');
  await other.getByLabel('Nombre de pages').fill('80');
  await other.getByLabel('Catégorie').selectOption('litterature');
  await other.getByRole('button', { name: 'Ajouter le livre' }).click();
  await expect(
    other.getByText('Ce livre est déjà dans le catalogue', { exact: false }),
  ).toBeVisible();
  await other.getByRole('link', { name: 'Ouvrir sa fiche' }).click();
  await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await context.close();

  // The administrator finds it among the books to confirm, and confirms it.
  const adminContext = await browser.newContext({ locale: 'fr-FR' });
  const admin = await adminContext.newPage();
  await signInAdmin(admin.request, origin);
  await admin.goto('/admin');
  await admin.getByLabel('Origine').selectOption('community');
  await admin.getByRole('searchbox', { name: 'Rechercher un livre' }).fill(title);
  const row = admin.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('Ajouté par la communauté')).toBeVisible();
  await row.getByRole('button', { name: `Confirmer — ${title}` }).click();
  await expect(admin.getByText('Aucun livre ne correspond.')).toBeVisible();
  await adminContext.close();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Ajouté par la communauté')).toHaveCount(0);
});
