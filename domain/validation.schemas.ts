import { z } from 'zod';
import { ANSWER_MAX_LENGTH } from './answers';
import { readingProgressViewSchema } from './books.schemas';
import { validationMessages as m } from './messages/validation';

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
    .max(ANSWER_MAX_LENGTH, m.answerTooLong),
});

// Response contracts: the types are inferred from them, the OpenAPI document is generated from them.

/** Where the reader stands on a book's next segment (no question, no answer). */
export const validationStateSchema = z.object({
  segment: z.number(),
  expectedSegments: z.number(),
  completed: z.boolean(),
  attemptsLeft: z.number(),
  lockedUntil: z.string().nullable(),
  jokers: z.object({ used: z.number(), allowed: z.number() }),
});
export type ValidationState = z.infer<typeof validationStateSchema>;

export const segmentQuestionSchema = z.object({
  segment: z.number(),
  questionId: z.string(),
  question: z.string(),
  attemptsLeft: z.number(),
});
export type SegmentQuestion = z.infer<typeof segmentQuestionSchema>;

/** What one validation earned (each badge or quest once; the monthly gift once a month). */
export const earnedRewardsSchema = z.object({
  badges: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      rarity: z.string(),
      icon: z.string(),
      /** Sent (the badge's catalogue entry is spread in); optional to keep the type as it was. */
      color: z.string().optional(),
    }),
  ),
  quests: z.array(
    z.object({ slug: z.string(), title: z.string(), description: z.string(), icon: z.string() }),
  ),
  monthlyGift: z.boolean(),
  xp: z.number(),
  /** The level this validation's XP reached (domain/levels.ts); null when the level stayed. */
  levelReached: z
    .number()
    .nullable()
    .describe('Le niveau atteint grâce à cette validation, null si le niveau ne change pas.'),
});
export type EarnedRewards = z.infer<typeof earnedRewardsSchema>;

export const validatedResultSchema = z.object({
  correct: z.literal(true),
  segment: z.number(),
  nextSegment: z.number().nullable(),
  completed: z.boolean(),
  /** XP of the validation plus any badge or quest it earned. */
  xpGained: z.number().describe('XP de la validation et des badges ou quêtes gagnés.'),
  rewards: earnedRewardsSchema,
  progress: readingProgressViewSchema,
});
export type ValidatedResult = z.infer<typeof validatedResultSchema>;

export const wrongAnswerResultSchema = z.object({
  correct: z.literal(false),
  attemptsLeft: z.number(),
  lockedUntil: z.string().nullable(),
  /** The joker can be offered: the book allows jokers and some remain. */
  jokerOffer: z.boolean().describe('Le joker peut être proposé.'),
});
export type WrongAnswerResult = z.infer<typeof wrongAnswerResultSchema>;

export const answerResultSchema = z.discriminatedUnion('correct', [
  validatedResultSchema,
  wrongAnswerResultSchema,
]);
export type AnswerResult = z.infer<typeof answerResultSchema>;

/** The only response that ever carries an answer: the one a joker was just spent on. */
export const jokerResultSchema = validatedResultSchema.extend({
  answer: z.string().describe('La réponse, révélée par le joker.'),
});
export type JokerResult = z.infer<typeof jokerResultSchema>;
