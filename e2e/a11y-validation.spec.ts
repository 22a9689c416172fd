import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';
import {
  answerOf,
  answerQuiz,
  openAndAddBook,
  openConfirmation,
  openQuiz,
} from './fixtures/validation';

// axe-core on every modal of the segment validation flow, at 375 and 1280 px: one sign-up.

const CANDIDE = 'candide-ou-l-optimisme-voltaire';
const MICROMEGAS = 'micromegas-voltaire';

/**
 * No violation with the dialog open, on a phone and on a desktop screen. Toasts are left
 * out: one fading in or out ('… ajouté à votre liste') has no settled colours, and how long
 * one stays depends on the machine's speed, not on the dialog.
 */
async function expectAccessible(page: Page, dialog: Locator) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(dialog).toBeVisible();
    await animationsDone(page); // the pop-in has ended: axe measures colours on screen
    await expectNoAxeViolations(page, `at ${width} px`, { exclude: ['[data-sonner-toaster]'] });
  }
}

test('the validation modals have no axe violations', async ({ page, createAccount }) => {
  test.setTimeout(180_000); // 12 axe runs and two books' worth of answers, on a busy machine
  await createAccount(page.request, uniqueEmail('a11y-validation'));
  await openAndAddBook(page, CANDIDE);

  const confirm = await openConfirmation(page, 1);
  await expectAccessible(page, confirm);
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Valider cette étape' }).click();
  const quiz = page.getByRole('dialog', { name: 'Question du segment 1' });
  await expectAccessible(page, quiz);
  await answerQuiz(quiz, answerOf(CANDIDE, 1));
  const success = page.getByTestId('success-dialog');
  await expectAccessible(page, success);
  await success.getByRole('button', { name: 'Continuer la lecture' }).click();
  await expect(success).toBeHidden();

  await answerQuiz(await openQuiz(page, 2), 'Rome');
  const offer = page.getByTestId('joker-offer-dialog');
  await expect(offer.getByText('Réponse incorrecte. Essayez encore !')).toBeVisible();
  await expectAccessible(page, offer);
  await offer.getByRole('button', { name: 'Utiliser un joker' }).click();
  const reveal = page.getByTestId('joker-reveal-dialog');
  await expectAccessible(page, reveal);
  await reveal.getByRole('button', { name: 'Continuer la lecture' }).click();
  await expect(reveal).toBeHidden();

  await openAndAddBook(page, MICROMEGAS);
  const quiz2 = await openQuiz(page, 1);
  await answerQuiz(quiz2, 'Bételgeuse');
  await expect(quiz2.getByText('Réponse incorrecte. Essayez encore !')).toBeVisible();
  await expectAccessible(page, quiz2);
  await answerQuiz(quiz2, 'Bételgeuse');
  await expect(quiz2.getByText('Il vous reste 1 tentative.')).toBeVisible();
  await answerQuiz(quiz2, 'Bételgeuse');
  const locked = page.getByTestId('confirm-segment-dialog');
  await expect(locked.getByRole('timer')).toBeVisible();
  await expectAccessible(page, locked);
});
