import { expect, test, uniqueEmail } from './fixtures/accounts';
import {
  answerOf,
  answerQuiz,
  openAndAddBook,
  openConfirmation,
  openQuiz,
} from './fixtures/validation';

// Segment validation through the book page, on the demo catalogue: four accounts, each on
// its own book, so the tests run in parallel. The server locks for 30 minutes here: the
// countdown reaching 0 is tested in the unit tests.

const CANDIDE = 'candide-ou-l-optimisme-voltaire'; // 5 segments, 1 joker
const CARMEN = 'carmen-prosper-merimee'; // 3 segments, 1 joker
const MICROMEGAS = 'micromegas-voltaire'; // 2 segments, no joker

const nbsp = (text: string) => text.replaceAll(' ?', '\u00a0?').replaceAll(' !', '\u00a0!');

// Each test is a whole validation journey (a book page, answers, dialogs): 90 s, on a busy
// machine (30 s ran out in CI).
test.describe.configure({ timeout: 90_000 });

test('right answer, then a wrong one saved by the joker, then none left', async ({
  page,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('validation-candide'));
  await openAndAddBook(page, CANDIDE);

  // Segment 1: the checkbox must be ticked, the answer must not be blank.
  const confirm = await openConfirmation(page, 1);
  await expect(confirm.getByText('Pages 1 à 30 de')).toBeVisible();
  await expect(confirm.getByText('Jokers disponibles : 1 / 1')).toBeVisible();
  await expect(
    confirm.getByText('Vous devez cocher la case pour valider votre lecture'),
  ).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Valider cette étape' })).toBeDisabled();
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Valider cette étape' }).click();
  const quiz = page.getByRole('dialog', { name: 'Question du segment 1' });
  await expect(quiz.getByText('Dans quelle ville Candide et Pangloss')).toBeVisible();
  await expect(quiz.getByRole('button', { name: 'Valider ma réponse' })).toBeDisabled();
  await expect(quiz.getByText('Veuillez entrer une réponse')).toBeVisible();
  await answerQuiz(quiz, answerOf(CANDIDE, 1).toUpperCase());

  const success = page.getByRole('dialog', { name: nbsp('Segment 1 validé !') });
  await expect(success.getByText('Prochaine validation dans 30 pages')).toBeVisible();
  await expect(success.getByText('Prochain segment : 2')).toBeVisible();
  await success.getByRole('button', { name: 'Continuer la lecture' }).click();
  await expect(success).toBeHidden();
  await expect(page.getByText('1 sur 5 segments validés')).toBeVisible();
  await expect(page.getByText('Jokers : 0 / 1 utilisés')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Valider ma lecture' })).toBeFocused();

  // Segment 2: a wrong answer, the joker offer, the joker spent, the answer revealed.
  const quiz2 = await openQuiz(page, 2);
  await answerQuiz(quiz2, 'Rome');
  const offer = page.getByRole('dialog', { name: nbsp('Utiliser un joker ?') });
  await expect(offer.getByText('Réponse incorrecte. Essayez encore !')).toBeVisible();
  await expect(offer.getByText('Il vous reste 2 tentatives.')).toBeVisible();
  await expect(offer.getByText('Jokers disponibles : 1 / 1')).toBeVisible();
  await offer.getByRole('button', { name: 'Utiliser un joker' }).click();
  const reveal = page.getByRole('dialog', { name: 'La bonne réponse' });
  await expect(reveal.getByTestId('revealed-answer')).toHaveText(answerOf(CANDIDE, 2));
  await expect(reveal.getByText('Segment 2 validé grâce à ton joker.')).toBeVisible();
  await expect(reveal.getByText('Prochain segment : 3')).toBeVisible();
  await reveal.getByRole('button', { name: 'Continuer la lecture' }).click();
  await expect(reveal).toBeHidden();
  await expect(page.getByText('2 sur 5 segments validés')).toBeVisible();
  await expect(page.getByText('Jokers : 1 / 1 utilisés')).toBeVisible();

  // Segment 3: no joker left, so a wrong answer stays on the quiz with the attempts left.
  const confirm3 = await openConfirmation(page, 3);
  await expect(confirm3.getByText('Tous vos jokers ont été utilisés pour ce livre')).toBeVisible();
  await confirm3.getByRole('checkbox').check();
  await confirm3.getByRole('button', { name: 'Valider cette étape' }).click();
  const quiz3 = page.getByRole('dialog', { name: 'Question du segment 3' });
  await answerQuiz(quiz3, 'Rome');
  await expect(quiz3.getByText('Réponse incorrecte. Essayez encore !')).toBeVisible();
  await expect(quiz3.getByText('Il vous reste 2 tentatives.')).toBeVisible();
  await expect(quiz3.getByRole('textbox', { name: 'Ta réponse' })).toHaveValue('');
  await expect(page.getByRole('dialog', { name: nbsp('Utiliser un joker ?') })).toHaveCount(0);
});

test('declining the joker ends the attempt without validating', async ({ page, createAccount }) => {
  await createAccount(page.request, uniqueEmail('validation-refus'));
  await openAndAddBook(page, CARMEN);
  const quiz = await openQuiz(page, 1);
  await answerQuiz(quiz, 'Rome');
  const offer = page.getByRole('dialog', { name: nbsp('Utiliser un joker ?') });
  await expect(offer.getByText('Il vous reste 2 tentatives.')).toBeVisible();
  await offer.getByRole('button', { name: 'Non merci' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('0 sur 3 segments validés')).toBeVisible();
  await expect(page.getByText('Jokers : 0 / 1 utilisés')).toBeVisible();

  // Reopened: the wrong answer was counted, the joker was not spent.
  const confirm = await openConfirmation(page, 1);
  await expect(confirm.getByText('Il vous reste 2 tentatives.')).toBeVisible();
  await expect(confirm.getByText('Jokers disponibles : 1 / 1')).toBeVisible();
});

test('three wrong answers without joker lock the segment, with a countdown', async ({
  page,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('validation-verrou'));
  await openAndAddBook(page, MICROMEGAS);
  const confirm = await openConfirmation(page, 1);
  await expect(confirm.getByText('Jokers disponibles à partir de 3 segments')).toBeVisible();
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Valider cette étape' }).click();
  const quiz = page.getByRole('dialog', { name: 'Question du segment 1' });
  for (const left of ['2 tentatives', '1 tentative']) {
    await answerQuiz(quiz, 'Bételgeuse');
    await expect(quiz.getByText('Réponse incorrecte. Essayez encore !')).toBeVisible();
    await expect(quiz.getByText(`Il vous reste ${left}.`, { exact: true })).toBeVisible();
  }
  await answerQuiz(quiz, 'Bételgeuse');

  const locked = page.getByRole('dialog', { name: 'Valider le segment 1' });
  await expect(
    locked.getByText('Nombre maximum de tentatives atteint. Réessayez plus tard.'),
  ).toBeVisible();
  const countdown = /^Vous pourrez réessayer dans (30 minutes|29 minutes et \d+ secondes?)$/;
  await expect(locked.getByRole('timer')).toHaveText(countdown);
  await expect(locked.getByRole('checkbox')).toHaveCount(0);
  await locked.getByRole('button', { name: 'Fermer' }).click();

  // On another visit the server still says locked: the countdown, ticking, no form.
  await page.reload();
  const again = await openConfirmation(page, 1);
  const timer = again.getByRole('timer');
  await expect(timer).toHaveText(countdown);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 3000 });
  await expect(again.getByRole('checkbox')).toHaveCount(0);
  await expect(again.getByRole('button', { name: 'Valider cette étape' })).toHaveCount(0);
});

test('finishing a book shows the congratulation with the way to its chat room', async ({
  page,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('validation-fin'));
  await openAndAddBook(page, MICROMEGAS);
  await answerQuiz(await openQuiz(page, 1), answerOf(MICROMEGAS, 1));
  const first = page.getByRole('dialog', { name: nbsp('Segment 1 validé !') });
  await expect(first.getByText('Prochain segment : 2')).toBeVisible();
  await first.getByRole('button', { name: 'Continuer la lecture' }).click();

  await answerQuiz(await openQuiz(page, 2), answerOf(MICROMEGAS, 2));
  const last = page.getByRole('dialog', { name: nbsp('Segment 2 validé !') });
  await expect(last.getByText(nbsp('Livre terminé !'))).toBeVisible();
  await last.getByRole('button', { name: 'Fermer' }).click();
  await expect(last).toBeHidden();
  // Only then the rewards: the first finished book earns its badge.
  const badge = page.getByTestId('badge-dialog');
  await expect(badge).toContainText('Premier livre');
  await page.keyboard.press('Escape');
  await expect(badge).toBeHidden();

  await expect(page.getByRole('link', { name: 'Rejoindre le salon du livre' })).toHaveAttribute(
    'href',
    `/finished-chat/${MICROMEGAS}`,
  );
  await expect(page.getByRole('button', { name: /ma lecture$/ })).toHaveCount(0);
  await expect(page.getByText('2 sur 2 segments validés')).toBeVisible();
});

test('the chat refusal stays in view and focused on the book page', async ({
  page,
  createAccount,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await createAccount(page.request, uniqueEmail('validation-salon'));
  await openAndAddBook(page, CARMEN);
  await answerQuiz(await openQuiz(page, 1), answerOf(CARMEN, 1));
  await page.getByRole('button', { name: 'Continuer la lecture' }).click();

  // Not finished: the room sends the reader back to the book with the reason.
  await page.goto(`/finished-chat/${CARMEN}`);
  await expect(page).toHaveURL(new RegExp(`/books/${CARMEN}$`));
  const refusal = page.getByRole('alert').filter({
    hasText: 'Vous devez terminer ce livre pour accéder au salon de discussion',
  });
  await expect(refusal).toBeFocused();
  await expect(page.getByRole('progressbar')).toBeVisible();
  // The progress bar's own scroll (350 ms after it appears) is skipped on this visit.
  await expect(refusal).toBeInViewport();
});
