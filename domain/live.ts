// The live channel's events (docs/architecture.md#live): what the server pushes to a
// reader's tabs over Server-Sent Events. Each event goes either to one reader or to one
// room (readers the room's owner lets in, checked when they subscribe).

export const LIVE_KINDS = [
  /** A new notification for the reader (data: the notification as the list returns it). */
  'notification',
  /** The reader read one or all of their notifications in another tab (data: { ids } or { all: true }). */
  'notifications.read',
  /** A new message in a chat room (data: the message as the room's list returns it). */
  'chat.message',
  /** A message left a chat room (data: { id }). */
  'chat.removed',
  /** A new post or reply in a segment's discussion (data: the post as the discussion shows it). */
  'discussion.post',
  /** A post or reply left a segment's discussion (data: { id }). */
  'discussion.removed',
  /** Where the auto-covers batch an administrator started is (data: the batch, domain/covers.ts). */
  'covers.progress',
] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** Rooms are named `<owner>:<key>`; the chat's are `chat:<book id>`. */
export const chatRoom = (bookId: string) => `chat:${bookId}`;

/**
 * A segment's discussion is its own room, `discussion:<book id>-<segment>`: the discussions
 * module lets a reader in only once they validated that segment, so no event of a segment
 * they have not read, live or replayed, ever reaches their tab. A reading circle's discussion
 * of it is `discussion:<book id>-<segment>-<circle id>`, for its members only (decision 056).
 */
export const discussionRoom = (bookId: string, segment: number, circleId?: string | null) =>
  `discussion:${bookId}-${segment}${circleId ? `-${circleId}` : ''}`;

/**
 * What the stream itself says, besides events: `ready` opens a new tab's stream (with the
 * id it starts from), `resync` tells a reconnecting tab that some events could not be
 * replayed, so it reloads what it shows.
 */
export const LIVE_CONTROL = ['ready', 'resync'] as const;
