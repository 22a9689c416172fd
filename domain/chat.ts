// The finished-book chat's limits (docs/architecture.md#live-notifications-and-chat), shared by the
// server, which enforces them, and the client, which shows them.

/** Characters per message, after trimming. */
export const CHAT_MESSAGE_MAX = 500;
/** Messages per page: the latest on opening, older ones on scrolling up. */
export const CHAT_PAGE_SIZE = 100;
/** Messages a reader may post a minute, across every room (ours: the spec sets none). */
export const CHAT_POSTS_PER_MINUTE = 10;
/** Reports a reader may make an hour (ours: each message is reported once per reader anyway). */
export const CHAT_REPORTS_PER_HOUR = 30;

/**
 * A message's length as a reader counts it: characters (code points), so an emoji counts one,
 * as in the database's `char_length` check.
 */
export function chatLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/**
 * Who may enter a book's room: a reader who finished the book, by
 * status or by percent. No progress at all is refused (the old app let such readers in).
 */
export function mayEnterChat(
  progress: { status: string; progressPercent: number } | null | undefined,
): boolean {
  if (!progress) return false;
  return progress.status === 'completed' || progress.progressPercent >= 100;
}
