import { z } from 'zod';
import type { ReadingProgressView } from './books.schemas';
import { validationMessages as m } from './messages/validation';

export const MAX_ATTEMPTS = 3;

export const segmentParamsSchema = z.object({
  bookId: z.uuid({ error: "L'ID du livre ne peut pas être vide" }),
  segment: z.coerce
    .number({ error: m.segmentUndetermined })
    .int(m.segmentUndetermined)
    .min(1, m.segmentUndetermined)
    .max(10_000, m.segmentUndetermined),
});

export const answerSchema = z.strictObject({
  answer: z
    .string({ error: m.answerRequired })
    .trim()
    .min(1, m.answerRequired)
    .max(100, m.answerTooLong),
});

/** Where the reader stands on a book's next segment (no question, no answer). */
export type ValidationState = {
  segment: number;
  expectedSegments: number;
  completed: boolean;
  attemptsLeft: number;
  lockedUntil: string | null;
  jokers: { used: number; allowed: number };
};

export type SegmentQuestion = {
  segment: number;
  questionId: string;
  question: string;
  attemptsLeft: number;
};

export type ValidatedResult = {
  correct: true;
  segment: number;
  nextSegment: number | null;
  completed: boolean;
  /** XP of the validation plus any badge or quest it earned. */
  xpGained: number;
  rewards: EarnedRewards;
  progress: ReadingProgressView;
};

/** What one validation earned (each badge or quest once; the monthly gift once a month). */
export type EarnedRewards = {
  badges: { slug: string; name: string; description: string; rarity: string; icon: string }[];
  quests: { slug: string; title: string; description: string; icon: string }[];
  monthlyGift: boolean;
  xp: number;
};

export type WrongAnswerResult = {
  correct: false;
  attemptsLeft: number;
  lockedUntil: string | null;
  /** The joker can be offered: the book allows jokers and some remain. */
  jokerOffer: boolean;
};

export type AnswerResult = ValidatedResult | WrongAnswerResult;

/** The only response that ever carries an answer: the one a joker was just spent on. */
export type JokerResult = Omit<ValidatedResult, 'correct'> & { correct: true; answer: string };
