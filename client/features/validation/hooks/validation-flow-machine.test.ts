import { describe, expect, it } from 'vitest';
import type { WrongAnswerResult } from '../../../../domain/validation.schemas';
import { aJokerResult, aQuestion, aValidatedResult } from '../../../test/validation-fixtures';
import {
  askedQuestionId,
  type FlowBook,
  type FlowState,
  flowReducer,
  idle,
} from './validation-flow-machine';

const book: FlowBook = { id: 'b1', title: 'Candide', totalPages: 150, segment: 1 };
const confirm: FlowState = { step: 'confirm', book };
const quiz: FlowState = { step: 'quiz', book, question: aQuestion(), wrong: null };
const questionId = aQuestion().questionId;
const LOCK = '2026-03-12T18:30:00.000Z';
const wrong = (overrides: Partial<WrongAnswerResult> = {}): WrongAnswerResult => ({
  correct: false,
  attemptsLeft: 2,
  lockedUntil: null,
  jokerOffer: false,
  ...overrides,
});

describe('flowReducer', () => {
  it('opens on the confirmation, then the quiz once the question is there', () => {
    const opened = flowReducer(idle, { type: 'open', book });
    expect(opened).toEqual(confirm);
    expect(flowReducer(opened, { type: 'question', question: aQuestion() })).toEqual(quiz);
  });

  it('a right answer leads to the success', () => {
    const result = aValidatedResult();
    expect(flowReducer(quiz, { type: 'answer', result })).toEqual({
      step: 'success',
      book,
      questionId,
      result,
    });
  });

  it('a wrong answer without joker stays on the quiz, counting wrong answers', () => {
    const once = flowReducer(quiz, { type: 'answer', result: wrong() });
    expect(once).toMatchObject({ step: 'quiz', wrong: { n: 1, attemptsLeft: 2 } });
    const twice = flowReducer(once, { type: 'answer', result: wrong({ attemptsLeft: 1 }) });
    expect(twice).toMatchObject({
      step: 'quiz',
      wrong: { n: 2, attemptsLeft: 1 },
      question: { attemptsLeft: 1 },
    });
  });

  it('a wrong answer with jokerOffer opens the joker offer', () => {
    expect(flowReducer(quiz, { type: 'answer', result: wrong({ jokerOffer: true }) })).toEqual({
      step: 'joker-offer',
      book,
      segment: 1,
      questionId,
      attemptsLeft: 2,
      lockedUntil: null,
    });
  });

  it('the third wrong answer without joker locks', () => {
    const result = wrong({ attemptsLeft: 0, lockedUntil: LOCK });
    expect(flowReducer(quiz, { type: 'answer', result })).toEqual({
      step: 'locked',
      book,
      questionId,
      lockedUntil: LOCK,
    });
  });

  it('a spent joker reveals; declining ends the attempt, or shows the lock', () => {
    const offer = flowReducer(quiz, { type: 'answer', result: wrong({ jokerOffer: true }) });
    const result = aJokerResult();
    expect(flowReducer(offer, { type: 'joker', result })).toEqual({
      step: 'joker-reveal',
      book,
      questionId,
      result,
    });
    expect(flowReducer(offer, { type: 'decline' })).toEqual(idle);
    const lastOffer = flowReducer(quiz, {
      type: 'answer',
      result: wrong({ attemptsLeft: 0, lockedUntil: LOCK, jokerOffer: true }),
    });
    expect(flowReducer(lastOffer, { type: 'decline' })).toEqual({
      step: 'locked',
      book,
      questionId,
      lockedUntil: LOCK,
    });
  });

  it('a lock reported by the server shows; its end brings the confirmation back', () => {
    const locked = flowReducer(confirm, { type: 'locked', lockedUntil: LOCK });
    expect(locked).toEqual({ step: 'locked', book, questionId: null, lockedUntil: LOCK });
    expect(flowReducer(locked, { type: 'lock-expired' })).toEqual(confirm);
  });

  it('carries the question asked from the quiz to the end, for its report', () => {
    const asked = aQuestion({ questionId: 'q-asked' });
    const quizOf: FlowState = { step: 'quiz', book, question: asked, wrong: null };
    expect(askedQuestionId(idle)).toBeNull();
    expect(askedQuestionId(confirm)).toBeNull();
    expect(askedQuestionId(quizOf)).toBe('q-asked');
    const wrongOnce = flowReducer(quizOf, { type: 'answer', result: wrong() });
    expect(askedQuestionId(wrongOnce)).toBe('q-asked');
    const success = flowReducer(wrongOnce, { type: 'answer', result: aValidatedResult() });
    expect(askedQuestionId(success)).toBe('q-asked');
    const offer = flowReducer(quizOf, { type: 'answer', result: wrong({ jokerOffer: true }) });
    expect(askedQuestionId(offer)).toBe('q-asked');
    expect(askedQuestionId(flowReducer(offer, { type: 'joker', result: aJokerResult() }))).toBe(
      'q-asked',
    );
    // A lock the server reports while the quiz is open keeps the question; the form's return does not.
    const locked = flowReducer(quizOf, { type: 'locked', lockedUntil: LOCK });
    expect(askedQuestionId(locked)).toBe('q-asked');
    expect(askedQuestionId(flowReducer(locked, { type: 'lock-expired' }))).toBeNull();
  });

  it('ignores events that do not fit the step, and closes from anywhere', () => {
    expect(flowReducer(confirm, { type: 'answer', result: aValidatedResult() })).toBe(confirm);
    expect(flowReducer(quiz, { type: 'joker', result: aJokerResult() })).toBe(quiz);
    expect(flowReducer(quiz, { type: 'decline' })).toBe(quiz);
    expect(flowReducer(idle, { type: 'question', question: aQuestion() })).toBe(idle);
    expect(flowReducer(quiz, { type: 'close' })).toEqual(idle);
  });
});
