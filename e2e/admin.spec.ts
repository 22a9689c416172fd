import { expect, test, uniqueEmail } from './fixtures/accounts';
import { signInAdmin } from './fixtures/admin';
import { answerQuiz, openAndAddBook, openQuiz } from './fixtures/validation';

// The back office (docs/architecture.md#back-office): the gate on every /admin page, then an
// administrator's whole path from a new book to a reader validating it.

const adminPages = [
  '/admin',
  '/admin/auto-covers',
  '/admin/audit',
  '/admin/book-requests',
  '/admin/blog',
  '/admin/journal',
];

test('a reader who is not an administrator is turned away from every /admin page', async ({
  page,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('pas-admin'));
  // The refusal shows for only ~100 ms before /home: the page itself records having shown it
  // (title and the spec's sentence together), so the check never races the redirect.
  await page.addInitScript(() => {
    const seen = () => {
      const text = document.body?.textContent ?? '';
      if (
        text.includes('Accès refusé') &&
        text.includes(
          "Vous n'avez pas les droits d'administration nécessaires pour accéder à cette page.",
        )
      ) {
        (window as unknown as { deniedShown: string[] }).deniedShown.push(location.pathname);
      }
    };
    (window as unknown as { deniedShown: string[] }).deniedShown = [];
    new MutationObserver(seen).observe(document, { subtree: true, childList: true });
  });
  for (const path of adminPages) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    const shown = await page.evaluate(
      () => (window as unknown as { deniedShown: string[] }).deniedShown,
    );
    expect(shown).toContain(path);
  }
  // And the account menu has no 'Administration' entry.
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);
});

test('an administrator adds a book, fills every segment, and a reader validates its first', async ({
  page,
  browser,
  baseURL,
  origin,
  createAccount,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page.request, origin);
  const title = `Le Livre de l'essai ${Date.now().toString(36)}`;
  const answers = ['lanterne', 'cœur', 'rivière'];

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter un livre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau livre' });
  // The server's own messages for a form sent empty.
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  // Every wrong field says why, under itself (its description), all at once.
  for (const [label, message] of [
    ['Titre', 'Le titre est requis'],
    ['Auteur', "L'auteur est requis"],
    ['Nombre de pages', 'Le nombre de pages est requis'],
  ] as const) {
    const field = dialog.getByRole('textbox', { name: label });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
  await dialog.getByLabel('Titre').fill(title);
  await dialog.getByLabel('Auteur').fill('Anne Essai');
  await dialog.getByLabel('Nombre de pages').fill('75');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Rechercher un livre').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('0/3');
  await row.getByRole('link', { name: /^Questions/ }).click();
  await expect(page.getByTestId('segment-status')).toHaveText('Aucune question');

  for (const [index, answer] of answers.entries()) {
    const segment = page.getByRole('form', { name: new RegExp(`^Segment ${index + 1}`) });
    await segment.getByLabel('Question').fill(`Quel mot ouvre le segment ${index + 1} ?`);
    await segment.getByLabel('Réponse (un seul mot)').fill(answer);
    if (answer === 'cœur') await expect(segment.getByText(/Accepté aussi.*coeur/)).toBeVisible();
    await segment.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(segment.getByText('À remplir')).toHaveCount(0);
  }
  await expect(page.getByTestId('segment-status')).toHaveText('Complet');

  // A reader finds the book and validates its first segment.
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
  const readerPage = await context.newPage();
  await createAccount(readerPage.request, uniqueEmail('lecteur-admin'));
  const slug = (
    await (await page.request.get(`/api/admin/books?q=${encodeURIComponent(title)}`)).json()
  ).items[0].slug as string;
  await openAndAddBook(readerPage, slug);
  const quiz = await openQuiz(readerPage, 1);
  await answerQuiz(quiz, 'Lanterne');
  await expect(readerPage.getByRole('dialog', { name: 'Segment 1 validé !' })).toBeVisible();
  await context.close();

  // Every write is in the trail.
  await page.goto('/admin/journal');
  await expect(page.locator('li code', { hasText: 'book.create' }).first()).toBeVisible();
  await expect(page.locator('li code', { hasText: 'question.create' }).first()).toBeVisible();
});
