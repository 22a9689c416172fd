import type {
  AnswerResult,
  JokerResult,
  SegmentQuestion,
  ValidatedResult,
} from '../../../../domain/validation.schemas';

/** The last wrong answer: `n` counts them, so a second wrong answer is told again. */
export type WrongAnswer = { n: number; attemptsLeft: number };

/** The book a flow validates: what the modals show before the server's state arrives. */
export type FlowBook = {
  id: string;
  title: string;
  totalPages: number;
  /** The segment the book page expects next; the server's state has the last word. */
  segment: number;
};

/**
 * The validation flow (docs/architecture.md#validation-flow): idle → confirm → quiz → success, or
 * after a wrong answer back to the quiz, to the joker offer (→ joker reveal) or to the lock.
 * `locked` is the confirmation showing the countdown the server just started.
 * From the quiz on, each step carries the `questionId` the reader was asked, so that they may
 * report it (« Signaler cette question », decision 047); a lock the server reported before any
 * question was shown has none (null).
 */
export type FlowState =
  | { step: 'idle' }
  | { step: 'confirm'; book: FlowBook }
  | { step: 'quiz'; book: FlowBook; question: SegmentQuestion; wrong: WrongAnswer | null }
  | {
      step: 'joker-offer';
      book: FlowBook;
      segment: number;
      questionId: string;
      attemptsLeft: number;
      lockedUntil: string | null;
    }
  | { step: 'joker-reveal'; book: FlowBook; questionId: string; result: JokerResult }
  | { step: 'success'; book: FlowBook; questionId: string; result: ValidatedResult }
  | { step: 'locked'; book: FlowBook; questionId: string | null; lockedUntil: string };

/** The question a step was asked about, when there is one. */
export function askedQuestionId(state: FlowState): string | null {
  switch (state.step) {
    case 'quiz':
      return state.question.questionId;
    case 'joker-offer':
    case 'joker-reveal':
    case 'success':
    case 'locked':
      return state.questionId;
    case 'idle':
    case 'confirm':
      return null;
  }
}

export type FlowEvent =
  | { type: 'open'; book: FlowBook }
  | { type: 'question'; question: SegmentQuestion }
  | { type: 'answer'; result: AnswerResult }
  | { type: 'joker'; result: JokerResult }
  | { type: 'locked'; lockedUntil: string }
  | { type: 'lock-expired' }
  | { type: 'decline' }
  | { type: 'close' };

export const idle: FlowState = { step: 'idle' };

/** The next state of the flow; an event that does not fit the current step changes nothing. */
export function flowReducer(state: FlowState, event: FlowEvent): FlowState {
  if (event.type === 'open') return { step: 'confirm', book: event.book };
  if (event.type === 'close' || state.step === 'idle') return idle;
  const { book } = state;
  switch (event.type) {
    case 'question':
      return state.step === 'confirm'
        ? { step: 'quiz', book, question: event.question, wrong: null }
        : state;
    case 'answer': {
      if (state.step !== 'quiz') return state;
      const { result } = event;
      const { questionId } = state.question;
      if (result.correct) return { step: 'success', book, questionId, result };
      if (result.jokerOffer) {
        return {
          step: 'joker-offer',
          book,
          segment: state.question.segment,
          questionId,
          attemptsLeft: result.attemptsLeft,
          lockedUntil: result.lockedUntil,
        };
      }
      if (result.lockedUntil) {
        return { step: 'locked', book, questionId, lockedUntil: result.lockedUntil };
      }
      return {
        ...state,
        question: { ...state.question, attemptsLeft: result.attemptsLeft },
        wrong: { n: (state.wrong?.n ?? 0) + 1, attemptsLeft: result.attemptsLeft },
      };
    }
    case 'joker':
      return state.step === 'joker-offer'
        ? { step: 'joker-reveal', book, questionId: state.questionId, result: event.result }
        : state;
    case 'locked':
      return state.step === 'confirm' || state.step === 'quiz' || state.step === 'joker-offer'
        ? {
            step: 'locked',
            book,
            questionId: askedQuestionId(state),
            lockedUntil: event.lockedUntil,
          }
        : state;
    case 'lock-expired':
      return state.step === 'locked' ? { step: 'confirm', book } : state;
    case 'decline':
      // Declining ends the attempt unvalidated; after the third wrong answer the lock shows.
      if (state.step !== 'joker-offer') return state;
      return state.lockedUntil
        ? { step: 'locked', book, questionId: state.questionId, lockedUntil: state.lockedUntil }
        : idle;
  }
}
