import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MAX_ATTEMPTS } from '../../../../domain/attempts';
import { bookTitle } from '../../../../domain/book-display';
import { remainingMs } from '../../../../domain/countdown';
import { validationMessages as m } from '../../../../domain/messages/validation';
import type { EarnedRewards, ValidationState } from '../../../../domain/validation.schemas';
import { HttpError } from '../../../lib/http-error';
import { useSession } from '../../../lib/use-session';
import { useSegmentQuestion } from '../api/get-segment-question';
import { useValidationState, validationStateKey } from '../api/get-validation-state';
import { refreshAfterValidation, setCachedLock } from '../api/refresh-after-validation';
import { useSpendJoker } from '../api/spend-joker';
import { useSubmitAnswer } from '../api/submit-answer';
import { classifyFailure } from './flow-errors';
import { type FlowEvent, type FlowState, flowReducer, idle } from './validation-flow-machine';

/** What the book page hands over when the reader presses the validate button. */
export type StartContext = {
  book: { id: string; title: string; totalPages: number };
  progress: { segmentsValidated: number } | null;
};

/**
 * The segment validation flow of a book page (docs/architecture.md#validation-flow): `start` opens
 * the confirmation; the returned handlers move it on, asking the server at each step;
 * `<ValidationDialogs>` shows the modal of the current step. Once a validated segment's modal is
 * closed, `onRewards` gets what it earned (so the reward dialogs never stack on it).
 */
export function useValidationFlow(options: { onRewards?: (rewards: EarnedRewards) => void } = {}) {
  const [state, dispatch] = useReducer(flowReducer, idle);
  // A failure the reader may retry, shown in the open modal; cleared on every step.
  const [retryError, setRetryError] = useState<string | null>(null);
  const client = useQueryClient();
  const session = useSession();
  const returnFocus = useRef<HTMLElement | null>(null);
  const current = useRef<FlowState>(state);
  const onRewards = useRef(options.onRewards);
  // Layout effect: up to date before a closing modal hands focus back (restoreFocus).
  useLayoutEffect(() => {
    current.current = state;
    onRewards.current = options.onRewards;
  });

  const bookId = state.step === 'idle' ? null : state.book.id;
  const validation = useValidationState(bookId);
  const question = useSegmentQuestion();
  const answer = useSubmitAnswer();
  const joker = useSpendJoker();

  const go = useCallback((event: FlowEvent) => {
    setRetryError(null);
    dispatch(event);
  }, []);

  const fail = useCallback(
    (id: string, error: unknown, fallback: string, onFinal?: () => void) => {
      const failure = classifyFailure(error, fallback);
      if (failure.kind === 'retry') return setRetryError(failure.message);
      if (failure.kind === 'locked') {
        setCachedLock(client, id, failure.lockedUntil);
        return go({ type: 'locked', lockedUntil: failure.lockedUntil });
      }
      if (failure.kind === 'done') {
        toast.info(failure.message);
        refreshAfterValidation(client, id);
        return go({ type: 'close' });
      }
      toast.error(failure.message);
      if (onFinal) onFinal();
      else go({ type: 'close' });
    },
    [client, go],
  );

  /** The validate button: the confirmation of the reader's next segment. */
  const start = useCallback(
    ({ book, progress }: StartContext) => {
      if (session.status !== 'signed-in') {
        toast.error(m.signInRequired);
        return;
      }
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // The server is the authority on locks and attempts: never open on a cached state.
      client.removeQueries({ queryKey: validationStateKey(book.id), exact: true });
      go({
        type: 'open',
        book: {
          id: book.id,
          title: bookTitle(book.title),
          totalPages: book.totalPages,
          segment: (progress?.segmentsValidated ?? 0) + 1,
        },
      });
    },
    [client, go, session.status],
  );

  const confirm = useCallback(() => {
    const segment = validation.data?.segment;
    if (state.step !== 'confirm' || segment === undefined) return;
    const id = state.book.id;
    setRetryError(null);
    question.mutate(
      { bookId: id, segment },
      {
        onSuccess: (q) => go({ type: 'question', question: q }),
        onError: (error) => fail(id, error, m.quizPrepError),
      },
    );
  }, [state, validation.data?.segment, question, go, fail]);

  const submitAnswer = useCallback(
    (text: string) => {
      if (state.step !== 'quiz') return;
      const id = state.book.id;
      setRetryError(null);
      answer.mutate(
        { bookId: id, segment: state.question.segment, answer: text },
        {
          onSuccess: (result) => go({ type: 'answer', result }),
          onError: (error) => fail(id, error, m.validationError),
        },
      );
    },
    [state, answer, go, fail],
  );

  const spendJoker = useCallback(() => {
    if (state.step !== 'joker-offer') return;
    const id = state.book.id;
    setRetryError(null);
    joker.mutate(
      { bookId: id, segment: state.segment },
      {
        onSuccess: (result) => go({ type: 'joker', result }),
        // A refused joker (none left…) ends the attempt as declining it would.
        onError: (error) => fail(id, error, m.jokerError, () => go({ type: 'decline' })),
      },
    );
  }, [state, joker, go, fail]);

  const decline = useCallback(() => go({ type: 'decline' }), [go]);

  /** Closes the flow; after a validated segment, its rewards are announced. */
  const close = useCallback(() => {
    const now = current.current;
    go({ type: 'close' });
    if (now.step === 'success' || now.step === 'joker-reveal') {
      onRewards.current?.(now.result.rewards);
    }
  }, [go]);

  /** The lock is over: the confirmation form comes back (no reload) with fresh attempts. */
  const lockExpired = useCallback(() => {
    if (bookId === null) return;
    client.setQueryData<ValidationState>(validationStateKey(bookId), (s) =>
      s ? { ...s, lockedUntil: null, attemptsLeft: MAX_ATTEMPTS } : s,
    );
    void client.invalidateQueries({ queryKey: validationStateKey(bookId) });
    go({ type: 'lock-expired' });
  }, [bookId, client, go]);

  /** Called once a modal has closed: back to the validate button when the flow is over. */
  const restoreFocus = useCallback(() => {
    if (current.current.step !== 'idle') return;
    const target = returnFocus.current;
    if (target?.isConnected) target.focus();
  }, []);

  const stateLock = validation.data?.lockedUntil ?? null;
  const lockedUntil =
    state.step === 'locked'
      ? state.lockedUntil
      : stateLock && remainingMs(stateLock, Date.now()) > 0
        ? stateLock
        : null;
  const loadError = validation.error
    ? validation.error instanceof HttpError
      ? validation.error.message
      : classifyFailure(validation.error, m.validationError).message
    : null;

  return {
    state,
    validation: validation.data,
    loadError,
    lockedUntil,
    retryError,
    pending: {
      question: question.isPending,
      answer: answer.isPending,
      joker: joker.isPending,
    },
    start,
    confirm,
    submitAnswer,
    spendJoker,
    decline,
    close,
    lockExpired,
    restoreFocus,
  };
}

export type ValidationFlow = ReturnType<typeof useValidationFlow>;
