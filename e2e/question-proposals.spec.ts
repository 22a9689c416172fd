import type { Page } from '@playwright/test';
import { fillPlural } from '../domain/messages/fill';
import { notificationMessages } from '../domain/messages/notifications';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { signInAdmin } from './fixtures/admin';
import { answerQuiz, openQuiz } from './fixtures/validation';

// Readers write the questions the catalogue lacks (decision 045), with the open-catalogue
// lookup off: reader A adds a book by typing it, reaches its first segment and proposes its
// question; a reader who has not read it does not see it; an administrator approves it; reader
// B, led to the book when adding it again, answers wrong then right; A's bell says the
// question is published and A's XP rose. On the administrators' server.

test.describe.configure({ timeout: 120_000 });

const stats = async (page: Page) =>
  (await (await page.request.get('/api/me/stats')).json()) as { xp: number };

/** The bell, by its accessible name: 'Notifications' or 'Notifications, n non lue(s)'. */
const bell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('button', {
    name: unread > 0 ? fillPlural(unread, notificationMessages.bellLabelUnread) : 'Notifications',
    exact: true,
  });

/** Types a book into the add-book form and sends it. */
async function typeBook(page: Page, title: string) {
  await page.goto('/add-book');
  await page.getByRole('textbox', { name: 'Titre' }).fill(title);
  await page.getByRole('textbox', { name: 'Auteur' }).fill('Jeanne Essai');
  await page.getByLabel('Nombre de pages').fill('60');
  await page.getByLabel('Catégorie').selectOption('litterature');
  await page.getByRole('button', { name: 'Ajouter le livre' }).click();
}

test('a reader proposes the question of a new book; an administrator publishes it; the next reader answers it', async ({
  page,
  browser,
  origin,
  createAccount,
}) => {
  const title = `Le Sémaphore ${Date.now().toString(36)}`;
  const question = 'Quelle couleur a la lanterne du sémaphore ?';
  await createAccount(page.request, uniqueEmail('propose-a'));

  // A adds the book by typing it, then puts it in their list: its first segment has no question.
  await typeBook(page, title);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter à ma liste' }).click();
  await expect(
    page.getByText(
      'Tu es parmi les premiers à lire ce passage\u00a0: propose la question que devront résoudre les lecteurs suivants.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Proposer la question' }).click();
  const form = page.getByRole('dialog', { name: 'Ta question sur les pages 1 à 30' });
  await form.getByRole('textbox', { name: 'La question' }).fill(question);
  // An answer of two words is refused in French before anything is sent.
  await form.getByRole('textbox', { name: 'La réponse (un seul mot)' }).fill('vert clair');
  await form.getByRole('textbox', { name: 'Où la réponse se trouve' }).fill('p. 12');
  await form.getByRole('button', { name: 'Envoyer ma question' }).click();
  await expect(form.getByText('La réponse doit contenir un seul mot')).toBeVisible();
  await form.getByRole('textbox', { name: 'La réponse (un seul mot)' }).fill('Verte');
  await form.getByRole('button', { name: 'Envoyer ma question' }).click();
  await expect(form.getByText('ce passage compte comme lu', { exact: false })).toBeVisible();
  await form.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(page.getByText('1 sur 2 segments validés')).toBeVisible();
  // No XP for the segment before the question is published (a quest it completed may give some).
  const xpBefore = (await stats(page)).xp;

  // A reader who has not read it sees nothing to review.
  const strangerContext = await browser.newContext({ locale: 'fr-FR' });
  const stranger = await strangerContext.newPage();
  await stranger.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
  await createAccount(stranger.request, uniqueEmail('propose-c'));
  await stranger.goto('/review-questions');
  await expect(
    stranger.getByRole('heading', { level: 1, name: 'Relire des questions' }),
  ).toBeVisible();
  await expect(
    stranger.getByText('Aucune question à relire pour l’instant', { exact: false }),
  ).toBeVisible();
  await expect(stranger.getByText(question)).toHaveCount(0);
  const hidden = await stranger.request.get('/api/question-reviews');
  expect(await hidden.text()).not.toContain('verte');
  await strangerContext.close();

  // The administrator approves it from the review page.
  const adminContext = await browser.newContext({ locale: 'fr-FR' });
  const admin = await adminContext.newPage();
  await admin.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
  await signInAdmin(admin.request, origin);
  await admin.goto('/review-questions');
  const card = admin.getByRole('article', { name: question.replace(' ?', '\u00a0?') });
  await expect(card.getByText('Réponse\u00a0: verte')).toBeVisible();
  await card.getByRole('button', { name: 'Approuver', exact: true }).click();
  await expect(admin.getByText('Merci, ton avis est enregistré.')).toBeVisible();
  await adminContext.close();

  // B tries to add the same book: led to it; answers wrong, then right.
  const readerContext = await browser.newContext({ locale: 'fr-FR' });
  const reader = await readerContext.newPage();
  await reader.addInitScript(() => window.localStorage.setItem('lisons:onboarding-done', '1'));
  await createAccount(reader.request, uniqueEmail('propose-b'));
  await typeBook(reader, title.toUpperCase());
  await expect(
    reader.getByText('Ce livre est déjà dans le catalogue', { exact: false }),
  ).toBeVisible();
  await reader.getByRole('link', { name: 'Ouvrir sa fiche' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await reader.getByRole('button', { name: 'Ajouter à ma liste' }).click();
  const quiz = await openQuiz(reader, 1);
  await expect(quiz.getByText(question.replace(' ?', '\u00a0?'))).toBeVisible();
  await answerQuiz(quiz, 'rouge');
  await expect(quiz.getByText('Réponse incorrecte. Essayez encore !')).toBeVisible();
  await expect(quiz.getByText('Il vous reste 2 tentatives.')).toBeVisible();
  await answerQuiz(quiz, 'vertes');
  await expect(reader.getByRole('dialog', { name: 'Segment 1 validé\u00a0!' })).toBeVisible();
  await readerContext.close();

  // A's bell says the question is published; A's XP rose by the segment's and the question's.
  await page.reload();
  await bell(page, 1).click();
  await expect(
    page.getByText(`Ta question sur «\u00a0${title}\u00a0» est publiée\u00a0: +30\u00a0XP.`),
  ).toBeVisible();
  expect((await stats(page)).xp).toBe(xpBefore + 30);
});
