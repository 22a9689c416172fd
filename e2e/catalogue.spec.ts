import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';

// Runs on the demo catalogue the e2e server loads into its empty embedded database
// (data/books.json: 19 books in Littérature, 11 in Religion…). Three accounts in all.

const CANDIDE = '/books/candide-ou-l-optimisme-voltaire';

async function searchFromHome(page: Page, text: string) {
  const field = page.getByRole('searchbox', { name: 'Rechercher un livre' });
  await field.fill(text);
  await field.press('Enter');
}

test.describe('visitors', () => {
  test('explore: tabs from ?cat=, search from 2 characters, sort and pager in the address', async ({
    page,
  }) => {
    await page.goto('/explore');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Explorer le catalogue' }),
    ).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Catégories' });
    await expect(tabs.getByRole('link')).toHaveText(['Littérature', 'Religion', 'Essai', 'Bio']);
    await expect(tabs.getByRole('link', { name: 'Littérature' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText('19 livres', { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(19);
    await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();

    await tabs.getByRole('link', { name: 'Religion' }).click();
    await expect(page).toHaveURL(/\/explore\?cat=religion$/);
    await expect(page.getByText('11 livres', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'La Genèse' })).toBeVisible();

    await page.goto('/explore?cat=litterature');
    // Typing before React has taken the server's page over is not what this test checks:
    // the header's sign-in link appears once it has.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Se connecter' }),
    ).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Rechercher dans la catégorie' });
    await expect(search).toHaveAttribute('placeholder', 'Titre ou auteur…');
    await search.fill('h');
    await page.waitForTimeout(600);
    await expect(page.getByText('19 livres', { exact: true })).toBeVisible();
    await search.fill('hugo');
    await expect(page).toHaveURL(/\/explore\?cat=litterature&q=hugo$/);
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Les Misérables' })).toBeVisible();
    await search.fill('');
    await expect(page.getByText('19 livres', { exact: true })).toBeVisible();

    await page.getByLabel('Trier par').selectOption('pages');
    await expect(page).toHaveURL(/sort=pages/);
    await expect(page.getByRole('article').first()).toContainText('Les Misérables');

    // The demo categories fit in one page of 24: past the last page, Précédent leads back.
    await page.goto('/explore?cat=litterature&page=2');
    await expect(page.getByText('Aucun livre dans cette catégorie.')).toBeVisible();
    await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Précédent' }).click();
    await expect(page).toHaveURL(/\/explore\?cat=litterature$/);
    await expect(page.getByRole('article')).toHaveCount(19);
  });

  test('a book page shows the book and asks a visitor to sign in', async ({ page }) => {
    await page.goto(CANDIDE);
    await expect(
      page.getByRole('heading', { level: 1, name: "Candide ou l'Optimisme" }),
    ).toBeVisible();
    await expect(page).toHaveTitle("Candide ou l'Optimisme · Lisons");
    await expect(page.getByText('Voltaire', { exact: true })).toBeVisible();
    await expect(page.getByText('5 segments de 30 pages')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Résumé' })).toBeVisible();
    const cover = page.getByRole('img', { name: "Couverture de « Candide ou l'Optimisme »" });
    await expect(cover).toBeVisible();
    // A real cover, loaded (not the drawn placeholder): one of its variants, the width the
    // layout needs picked from the srcset (naturalWidth is then in CSS pixels, so not checked).
    await expect
      .poll(() =>
        cover.evaluate((img: HTMLImageElement) =>
          img.complete && img.naturalWidth > 0 ? img.currentSrc : '',
        ),
      )
      .toMatch(/\/covers\//);
    await expect(
      page.getByText('Vous devez être connecté pour commencer ou valider votre lecture'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter à ma liste' })).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).click();
    // The sign-in page keeps the book to come back to.
    await expect(page).toHaveURL(/\/auth\?next=%2Fbooks%2Fcandide-ou-l-optimisme-voltaire$/);
  });

  test('/book/{slug} is the same page; an unknown book shows an error with a way back', async ({
    page,
  }) => {
    await page.goto('/book/carmen-prosper-merimee');
    await expect(page.getByRole('heading', { level: 1, name: 'Carmen' })).toBeVisible();

    await page.goto('/explore');
    await page.goto('/books/ce-livre-n-existe-pas');
    const alert = page.getByRole('alert');
    await expect(alert.getByText('Erreur lors du chargement du livre')).toBeVisible();
    await expect(
      alert.getByText("Le livre avec l'identifiant ce-livre-n-existe-pas n'existe pas"),
    ).toBeVisible();
    await alert.getByRole('link', { name: 'Retour' }).click();
    await expect(page).toHaveURL(/\/explore$/);
  });

  test("'Ajouter à ma liste' tells a visitor to sign in", async ({ page }) => {
    await page.goto('/explore?cat=bio');
    await page.getByRole('button', { name: 'Ajouter à ma liste' }).first().click();
    await expect(
      page.getByText('Vous devez être connecté pour ajouter un livre à votre liste'),
    ).toBeVisible();
  });

  test('/home and /reading-list send a visitor to /auth; /search is not indexed', async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\?next=%2Fhome$/);
    await page.goto('/reading-list');
    await expect(page).toHaveURL(/\/auth\?next=%2Freading-list$/);
    await page.goto('/search?q=candide');
    await expect(page.getByRole('searchbox', { name: 'Ta recherche' })).toHaveValue('candide');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test('home search: several results, back home, one result opens its book, none', async ({
  page,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('catalogue-search'));
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Lectures en cours' })).toBeVisible();
  await expect(page.getByText('Aucune lecture en cours')).toBeVisible();

  await searchFromHome(page, 'voltaire');
  await expect(page.getByRole('heading', { name: 'Résultats pour « voltaire »' })).toBeVisible();
  await expect(page.getByText('6 livres trouvés')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Lectures en cours' })).toHaveCount(0);
  await page.getByRole('button', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('heading', { name: 'Lectures en cours' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Rechercher un livre' })).toHaveValue('');

  await searchFromHome(page, 'micromégas');
  await expect(page).toHaveURL(/\/books\/micromegas-voltaire$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Micromégas' })).toBeVisible();

  await page.goto('/home');
  await searchFromHome(page, 'zzzqqq');
  await expect(page.getByText('Aucun livre trouvé', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Essayez une autre recherche ou explorez notre catalogue'),
  ).toBeVisible();
});

test('add a book, find it in /reading-list under À lire, remove it after confirming', async ({
  page,
  origin,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('catalogue-list'));
  await page.goto('/books/carmen-prosper-merimee');
  await page.getByRole('button', { name: 'Ajouter à ma liste' }).click();
  await expect(page.getByText('"Carmen" ajouté à votre liste de lecture')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progression de lecture' })).toBeVisible();
  await expect(page.getByText('0 sur 3 segments validés')).toBeVisible();

  await page.getByRole('link', { name: 'Ma liste' }).first().click();
  await expect(page).toHaveURL(/\/reading-list$/);
  const toRead = page.getByRole('region', { name: /À lire/ });
  await expect(toRead.getByRole('heading', { name: 'Carmen' })).toBeVisible();
  await toRead.getByRole('link', { name: 'Commencer la lecture' }).click();
  await expect(page).toHaveURL(/\/books\/carmen-prosper-merimee$/);
  await page.goBack();

  await page
    .getByRole('region', { name: /À lire/ })
    .getByRole('button', { name: 'Retirer' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Retirer « Carmen » de ta liste ?' });
  await expect(dialog).toContainText('ta progression est gardée');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Carmen' })).toBeVisible();

  await page.getByRole('button', { name: 'Retirer' }).click();
  await page.getByRole('button', { name: 'Retirer de ma liste' }).click();
  await expect(page.getByText('« Carmen » retiré de ta liste de lecture')).toBeVisible();
  await expect(page.getByText('Aucune lecture trouvée')).toBeVisible();

  // A card shown before the book was added elsewhere: the server's answer is information.
  await page.goto('/explore?cat=litterature&q=carmen');
  await expect(page.getByRole('article')).toHaveCount(1);
  // The card knows the reader's list (not in it) before the book is added behind its back.
  await expect(page.getByRole('button', { name: 'Ajouter à ma liste' })).toBeVisible();
  const { items } = (await (await page.request.get('/api/search?q=carmen')).json()) as {
    items: { id: string }[];
  };
  const added = await page.request.post('/api/reading-list', {
    data: { bookId: items[0]?.id },
    headers: { origin },
  });
  expect(added.status()).toBe(201);
  await page.getByRole('button', { name: 'Ajouter à ma liste' }).click();
  await expect(
    page.getByText('Le livre "Carmen" est déjà dans votre liste de lecture'),
  ).toBeVisible();
  await expect(page.getByRole('article').getByText('À lire')).toBeVisible();
});
