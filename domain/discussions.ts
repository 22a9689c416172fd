// Segment discussions (docs/architecture.md#segment-discussions, decision 054): a thread per
// segment of a book, open to a reader once they validated that segment. Limits shared by the
// server, which enforces them, and the client, which shows them.

/** Characters per post or reply, after trimming (code points, as `char_length` counts). */
export const DISCUSSION_POST_MAX = 1000;
/** Threads (posts with their first replies) per page, newest first. */
export const DISCUSSION_PAGE_SIZE = 20;
/** Replies shown under a post in a page; the others come with « Afficher les réponses ». */
export const DISCUSSION_REPLIES_SHOWN = 3;
/** Replies per page of a thread's replies, oldest first. */
export const DISCUSSION_REPLIES_PAGE = 50;
/** Posts and replies a reader may write a minute, across every discussion. */
export const DISCUSSION_POSTS_PER_MINUTE = 10;
/** Posts and replies a reader may write an hour, across every discussion. */
export const DISCUSSION_POSTS_PER_HOUR = 120;
/** Reports a reader may make an hour (each post is reported once per reader anyway). */
export const DISCUSSION_REPORTS_PER_HOUR = 30;

/**
 * Who may read and write a segment's discussion: a reader who validated that segment (by an
 * answer, a joker or a question they proposed). Nothing else opens it: not a progress row, not
 * a finished status without the validation, not being an administrator.
 */
export function mayReadSegment(validated: boolean): boolean {
  return validated;
}

/**
 * A segment's discussion page: /books/{slug}/discussions/{segment}; a reading circle's
 * discussion of it (decision 056) adds ?cercle={circle id}.
 */
export function discussionPath(slug: string, segment: number, circleId?: string | null): string {
  const circle = circleId ? `?cercle=${encodeURIComponent(circleId)}` : '';
  return `/books/${encodeURIComponent(slug)}/discussions/${segment}${circle}`;
}
