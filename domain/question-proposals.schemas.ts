import { z } from 'zod';
import { answerField, questionField } from './admin-books.schemas';
import { questionProposalsMessages as m } from './messages/question-proposals';
import { validationMessages as v } from './messages/validation';
import { LOCATION_MAX, rejectionReasonCodes, reportReasonCodes } from './question-proposals';

// Proposals and reviews of questions (decision 045): the API's shapes, checked on both sides.

const locationField = z
  .string({ error: m.locationEmpty })
  .trim()
  .min(1, m.locationEmpty)
  .max(LOCATION_MAX, m.locationTooLong);

/** POST /api/books/:bookId/segments/:segment/proposals */
export const proposalParamsSchema = z.object({
  bookId: z.uuid({ error: v.bookLoadError }),
  segment: z.coerce.number().int().min(1).max(10_000),
});
export const proposalInputSchema = z.strictObject({
  question: questionField,
  answer: answerField,
  location: locationField,
});
export type ProposalInput = z.input<typeof proposalInputSchema>;

export const proposalResultSchema = z.object({
  questionId: z.string(),
  countedAsRead: z
    .boolean()
    .describe(
      'Le passage n’avait pas de question : il compte comme lu, sans XP avant la relecture',
    ),
});
export type ProposalResult = z.infer<typeof proposalResultSchema>;

/** GET /api/books/:bookId/contributions: what the book page offers the reader. */
export const bookContributionsSchema = z.object({
  /** The reader's questions on this book waiting for review. */
  pending: z.array(z.object({ segment: z.number(), question: z.string() })),
  /** Questions of this book the reader may review now. */
  reviewable: z.number(),
  /** The reader's next segment and whether it has a question; null once the book is read. */
  next: z.object({ segment: z.number(), hasQuestion: z.boolean() }).nullable(),
});
export type BookContributions = z.infer<typeof bookContributionsSchema>;

/** GET /api/question-reviews?bookId=&after= */
export const reviewQueueQuerySchema = z.object({
  bookId: z.uuid().optional(),
  after: z.string().max(80).optional(),
});

/** A question's figures (decision 047). */
export const questionFiguresSchema = z.object({
  attempts: z.number().describe('Lecteurs qui y ont répondu au moins une fois'),
  firstTry: z.number().describe('Dont du premier coup, sans joker'),
  jokers: z.number(),
  reports: z.number(),
});

export const reviewItemSchema = z.object({
  id: z.string(),
  book: z.object({ id: z.string(), slug: z.string(), title: z.string(), author: z.string() }),
  segment: z.number(),
  from: z.number(),
  to: z.number(),
  question: z.string(),
  answer: z.string(),
  location: z.string().nullable(),
  approvals: z.number().describe('Approbations de lecteurs déjà reçues'),
  figures: questionFiguresSchema.describe('Ses résultats quand elle a déjà été posée'),
  createdAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewQueueSchema = z.object({
  items: z.array(reviewItemSchema),
  /** The cursor of the next page, or null at the end. */
  next: z.string().nullable(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** POST /api/question-reviews/:id: approve (possibly after an edit) or reject with a reason. */
export const reviewParamsSchema = z.object({ id: z.uuid({ error: m.questionNotFound }) });
export const reviewInputSchema = z
  .strictObject({
    verdict: z.enum(['approve', 'reject'], { error: m.reasonRequired }),
    /** A correction made before approving. */
    edit: z
      .strictObject({ question: questionField, answer: answerField, location: locationField })
      .optional(),
    /** Why it is refused: required to reject (ignored with an approval). */
    reason: z.enum(rejectionReasonCodes, { error: m.reasonRequired }).optional(),
  })
  .refine((r) => r.verdict === 'approve' || r.reason !== undefined, {
    message: m.reasonRequired,
    path: ['reason'],
  });
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewResultSchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected']),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

/** POST /api/questions/:id/reports: « Signaler cette question ». */
export const reportParamsSchema = z.object({ id: z.uuid({ error: m.questionNotFound }) });
export const reportInputSchema = z.strictObject({
  reason: z.enum(reportReasonCodes, { error: m.reasonRequired }),
});
export const reportResultSchema = z.object({
  /** True when the reports sent the question back to review. */
  returnedToReview: z.boolean(),
});

/** GET /api/admin/books/:id/question-figures: each question's figures, by id. */
export const bookQuestionFiguresSchema = z.object({
  figures: z.record(z.string(), questionFiguresSchema),
});
