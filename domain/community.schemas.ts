import { z } from 'zod';
import { bookCardSchema } from './books.schemas';
import { ACTIVITY_KINDS } from './community';
import { accountMessages } from './messages/accounts';
import { communityMessages as m } from './messages/community';
import { badgeViewSchema, userStatsSchema } from './rewards.schemas';

// The community's contracts (docs/architecture.md#community): request params and the
// responses, from which the types and the OpenAPI document are made.

/** A reader named in a path: always a uuid, else 'Ce lecteur n'existe pas.' */
export const readerParamsSchema = z.object({
  id: z.uuid({ error: accountMessages.profileNotFound }),
});

export const activityParamsSchema = z.object({ id: z.uuid({ error: m.activityNotFound }) });

/** Keyset paging: an opaque cursor from the previous page's `nextCursor`. */
export const cursorQuerySchema = z.object({
  cursor: z.string().max(200, m.invalidCursor).optional(),
});

/** What anyone signed in may see of a reader: never e-mail, premium or admin flags. */
export const readerSummarySchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type ReaderSummary = z.infer<typeof readerSummarySchema>;

/** The viewer's relation to a reader (always false on one's own profile). */
export const relationSchema = z.object({
  following: z.boolean().describe('Le lecteur connecté suit ce lecteur.'),
  followsMe: z.boolean().describe('Ce lecteur suit le lecteur connecté.'),
  blocked: z.boolean().describe('Le lecteur connecté a bloqué ce lecteur.'),
});

/** GET /api/profiles/:id: the whole profile page in one answer. */
export const profilePageSchema = z.object({
  profile: readerSummarySchema.extend({
    createdAt: z.string(),
    /** The owner's own e-mail; null on another reader's profile. */
    email: z.string().nullable(),
  }),
  isOwner: z.boolean(),
  counts: z.object({ followers: z.number(), following: z.number() }),
  relation: relationSchema,
  /** The four tiles: the owner's only, null on another reader's profile. */
  stats: userStatsSchema.nullable(),
  inProgress: z.array(
    z.object({ book: bookCardSchema, progressPercent: z.number() }).describe('≤ 2 livres'),
  ),
  finished: z.object({
    count: z.number(),
    books: z.array(bookCardSchema).describe('Les 8 derniers terminés'),
  }),
  badges: z.array(badgeViewSchema).describe('Badges gagnés, du plus récent au plus ancien'),
});
export type ProfilePage = z.infer<typeof profilePageSchema>;

/** A reader in a followers or following list. */
export const followListItemSchema = readerSummarySchema.extend({
  followedByMe: z.boolean(),
});
export const followListSchema = z.object({
  items: z.array(followListItemSchema),
  total: z.number(),
  nextCursor: z.string().nullable(),
});
export type FollowList = z.infer<typeof followListSchema>;

/** PUT/DELETE /api/follows/:id. */
export const followStateSchema = z.object({ following: z.boolean(), followers: z.number() });
export type FollowState = z.infer<typeof followStateSchema>;

/** PUT/DELETE /api/blocks/:id. */
export const blockStateSchema = z.object({ blocked: z.boolean() });
export const blockListSchema = z.object({ items: z.array(readerSummarySchema) });

/** One line of the discover feed: a reader finished a book or earned a badge. */
export const activitySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  actor: readerSummarySchema,
  at: z.string(),
  book: bookCardSchema.pick({ id: true, slug: true, title: true, author: true }).nullable(),
  badge: badgeViewSchema.pick({ slug: true, name: true, icon: true, color: true }).nullable(),
  likes: z.number(),
  likedByMe: z.boolean(),
  mine: z.boolean(),
  /** 'following': the viewer or a reader they follow; 'community': the top-up. */
  source: z.enum(['following', 'community']),
});
export type Activity = z.infer<typeof activitySchema>;

export const feedSchema = z.object({
  items: z.array(activitySchema),
  nextCursor: z.string().nullable(),
});
export type Feed = z.infer<typeof feedSchema>;

/** A reader suggested in 'Lecteurs à découvrir'. */
export const suggestionSchema = readerSummarySchema.extend({
  inProgress: z.number(),
  badges: z.number(),
  streak: z.number(),
  sharedBooks: z.number().describe('Livres de ma liste que ce lecteur lit aussi'),
});
export const suggestionsSchema = z.object({ items: z.array(suggestionSchema) });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** The community statistics card: 'Lecteurs', 'Abonné·e·s', 'Abonnements'. */
export const communityStatsSchema = z.object({
  readers: z.number(),
  followers: z.number(),
  following: z.number(),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;

/** PUT/DELETE /api/activities/:id/booky. */
export const bookyStateSchema = z.object({ likedByMe: z.boolean(), likes: z.number() });
export type BookyState = z.infer<typeof bookyStateSchema>;
