import type { ValidationFlow } from '../hooks/use-validation-flow';
import { ConfirmSegmentDialog } from './confirm-segment-dialog';
import { JokerOfferDialog } from './joker-offer-dialog';
import { JokerRevealDialog } from './joker-reveal-dialog';
import { QuizDialog } from './quiz-dialog';
import { SuccessDialog } from './success-dialog';

/**
 * The modal of the flow's current step, one at a time. Render it once in the book screen,
 * beside the page, with the flow of `useValidationFlow()`.
 */
export function ValidationDialogs({ flow }: { flow: ValidationFlow }) {
  const { state } = flow;
  const closeOnFalse = (open: boolean) => open || flow.close();
  switch (state.step) {
    case 'idle':
      return null;
    case 'confirm':
    case 'locked':
      return (
        <ConfirmSegmentDialog
          open
          onOpenChange={closeOnFalse}
          onClosed={flow.restoreFocus}
          book={state.book}
          segment={state.book.segment}
          state={flow.validation}
          loadError={flow.loadError}
          lockedUntil={flow.lockedUntil}
          questionId={state.step === 'locked' ? state.questionId : null}
          onLockExpired={flow.lockExpired}
          pending={flow.pending.question}
          error={flow.retryError}
          onConfirm={flow.confirm}
        />
      );
    case 'quiz':
      return (
        <QuizDialog
          open
          onOpenChange={closeOnFalse}
          onClosed={flow.restoreFocus}
          question={state.question}
          wrong={state.wrong}
          pending={flow.pending.answer}
          error={flow.retryError}
          onSubmit={flow.submitAnswer}
        />
      );
    case 'joker-offer':
      return (
        <JokerOfferDialog
          open
          onClosed={flow.restoreFocus}
          attemptsLeft={state.attemptsLeft}
          jokers={flow.validation?.jokers ?? null}
          pending={flow.pending.joker}
          error={flow.retryError}
          onUse={flow.spendJoker}
          onDecline={flow.decline}
        />
      );
    case 'joker-reveal':
      return (
        <JokerRevealDialog
          open
          onClose={flow.close}
          onClosed={flow.restoreFocus}
          result={state.result}
          title={state.book.title}
          questionId={state.questionId}
        />
      );
    case 'success':
      return (
        <SuccessDialog
          open
          onClose={flow.close}
          onClosed={flow.restoreFocus}
          result={state.result}
          title={state.book.title}
          questionId={state.questionId}
        />
      );
  }
}
