// The community's rules and limits (docs/architecture.md#community), shared by the
// server, which enforces them, and the client, which shows them.

/** Activities per feed page (docs/architecture.md#community). */
export const FEED_LIMIT = 20;
/** Readers per page of a followers or following list. */
export const FOLLOW_PAGE_SIZE = 30;
/** Readers suggested in 'Lecteurs à découvrir'. */
export const SUGGESTIONS_LIMIT = 8;
/** Two taps on a finished activity within this many milliseconds give a Booky. */
export const DOUBLE_TAP_MS = 300;
/** What the profile shows at most (docs/architecture.md#profiles). */
export const PROFILE_LIMITS = { inProgress: 2, finished: 8, recentBadges: 6 } as const;

/** The kinds of activity in the feed; Bookys are given only on a finished book. */
export const ACTIVITY_KINDS = ['finished', 'badge'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * What the community records for the notifications to come (decision 014): each is written
 * once, by one function of the community module, in the transaction that makes it true.
 */
export type CommunityEvent =
  | { type: 'new_follower'; actorId: string; recipientId: string }
  | { type: 'booky_received'; actorId: string; recipientId: string; activityId: string }
  | { type: 'friend_finished'; actorId: string; bookId: string };

/** A follow, a Booky or a block that the server refuses, as the reason the reader sees. */
export type CommunityRefusal = 'self' | 'blocked' | 'not-found' | 'own-activity' | 'not-finished';
