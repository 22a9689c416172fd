import { z } from 'zod';
import { chatLength } from './chat';
import { DISCUSSION_POST_MAX } from './discussions';
import { circleMessages } from './messages/circles';
import { discussionMessages as m } from './messages/discussions';

// Segment discussions' contracts (docs/architecture.md#segment-discussions, decision 054):
// request params and responses, from which the types and the OpenAPI document are made.

const bookRef = z
  .string()
  .trim()
  .min(1, m.bookRefInvalid)
  .max(200, m.bookRefInvalid)
  .regex(/^[a-z0-9-]+$/i, m.bookRefInvalid);

/** A book's discussions: /api/books/:ref/discussions (slug or id). */
export const discussionBookParamsSchema = z.object({ ref: bookRef });

/** One segment's discussion: /api/books/:ref/discussions/:segment. */
export const discussionParamsSchema = z.object({
  ref: bookRef,
  segment: z.coerce
    .number({ error: m.segmentInvalid })
    .int(m.segmentInvalid)
    .min(1, m.segmentInvalid)
    .max(10_000, m.segmentInvalid),
});

/**
 * A reading circle's discussion of the segment rather than the book's own (decision 056):
 * `?circle=<id>`, for the circle's members only.
 */
const circleQuery = z
  .uuid({ error: circleMessages.circleIdInvalid })
  .optional()
  .describe('Le cercle de lecture dont on veut la discussion (ses membres seulement)');
export const discussionCircleQuerySchema = z.object({ circle: circleQuery });

/** Older threads, or later replies: the previous page's `nextCursor`. */
export const discussionPageQuerySchema = z.object({
  before: z.string().max(200, m.invalidCursor).optional(),
  circle: circleQuery,
});
export const discussionRepliesQuerySchema = z.object({
  after: z.string().max(200, m.invalidCursor).optional(),
});

/** A post or a reply: trimmed, 1 to 1 000 characters; `parentId` makes it a reply. */
export const discussionPostBodySchema = z.strictObject({
  content: z
    .string({ error: m.messageRequired })
    .trim()
    .refine((text) => text.length > 0, m.messageEmpty)
    .refine((text) => chatLength(text) <= DISCUSSION_POST_MAX, m.messageTooLong)
    .describe(`1 à ${DISCUSSION_POST_MAX} caractères, espaces de début et de fin retirés`),
  parentId: z
    .uuid({ error: m.parentNotFound })
    .nullable()
    .optional()
    .describe('Le message auquel on répond (un message, jamais une réponse)'),
});
export type DiscussionPostBody = z.infer<typeof discussionPostBodySchema>;

/** One post: /api/discussions/posts/:id, /api/admin/discussions/reports/:postId. */
export const discussionPostParamsSchema = z.object({ id: z.uuid({ error: m.messageNotFound }) });
export const discussionReportParamsSchema = z.object({
  postId: z.uuid({ error: m.messageNotFound }),
});

export const discussionAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});

/** A post or a reply as the discussion shows it and the live channel pushes it. */
export const discussionPostSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  segment: z.number().int(),
  parentId: z.string().nullable().describe('null : un message ; sinon la réponse à ce message'),
  content: z
    .string()
    .nullable()
    .describe(
      'Texte brut (jamais du HTML) ; null pour un message supprimé gardé pour ses réponses',
    ),
  removed: z.boolean(),
  createdAt: z.string(),
  author: discussionAuthorSchema.nullable().describe('null pour un message supprimé'),
  mine: z
    .boolean()
    .describe("Écrit par le lecteur connecté (toujours false dans l'événement en direct)"),
  bookys: z.number().int().min(0),
  bookedByMe: z.boolean(),
});
export type DiscussionPost = z.infer<typeof discussionPostSchema>;

/** A post with its first replies (oldest first) and how many replies it has in all. */
export const discussionThreadSchema = discussionPostSchema.extend({
  replies: z.array(discussionPostSchema),
  replyCount: z.number().int().min(0),
});
export type DiscussionThread = z.infer<typeof discussionThreadSchema>;

export const discussionBookSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
});

/** GET /api/books/:ref/discussions/:segment: a page of threads, newest first. */
export const discussionPageSchema = z.object({
  book: discussionBookSchema,
  segment: z.number().int(),
  pages: z.object({ from: z.number().int(), to: z.number().int() }),
  items: z.array(discussionThreadSchema),
  nextCursor: z.string().nullable().describe('Pour les messages plus anciens (?before=)'),
});
export type DiscussionPage = z.infer<typeof discussionPageSchema>;

/** GET /api/discussions/posts/:id/replies: a thread's replies, oldest first. */
export const discussionRepliesSchema = z.object({
  items: z.array(discussionPostSchema),
  nextCursor: z.string().nullable().describe('Pour les réponses suivantes (?after=)'),
});
export type DiscussionReplies = z.infer<typeof discussionRepliesSchema>;

/** One segment on the book page: its pages, whether it is open to me, who talks there. */
export const discussionSegmentSchema = z.object({
  segment: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  open: z.boolean().describe('Le lecteur connecté a validé ce passage'),
  readers: z.number().int().min(0).describe('Lecteurs qui y ont écrit'),
  posts: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe('Messages et réponses ; null tant que le passage n’est pas validé'),
});
export type DiscussionSegment = z.infer<typeof discussionSegmentSchema>;

/** GET /api/books/:ref/discussions: every segment's discussion, then the finished-book room. */
export const discussionSummarySchema = z.object({
  book: discussionBookSchema,
  segments: z.array(discussionSegmentSchema),
  salonOpen: z.boolean().describe('Le lecteur a terminé le livre : le salon lui est ouvert'),
});
export type DiscussionSummary = z.infer<typeof discussionSummarySchema>;

export const discussionBookySchema = z.object({
  bookys: z.number().int().min(0),
  bookedByMe: z.boolean(),
});
export const discussionRemovedSchema = z.object({ removed: z.literal(true) });
export const discussionReportedSchema = z.object({ reported: z.literal(true) });
export const discussionDismissedSchema = z.object({ dismissed: z.number() });

/** One reported post in the administrators' queue. */
export const discussionReportSchema = z.object({
  post: z.object({
    id: z.string(),
    content: z.string(),
    createdAt: z.string(),
    segment: z.number().int(),
  }),
  author: discussionAuthorSchema,
  book: discussionBookSchema,
  count: z.number(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
});
export const discussionReportsSchema = z.object({ items: z.array(discussionReportSchema) });
export type DiscussionReport = z.infer<typeof discussionReportSchema>;
