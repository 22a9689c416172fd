import type { Db } from '../../db/client';
import { hiddenReaderIds } from '../community';
import { createChatAccess } from './chat.access';
import { createChatRepository } from './chat.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How old the subscriber's list of hidden readers may get before it is read again. */
export const HIDDEN_REFRESH_MS = 30_000;

export type LiveEvent = { kind: string; data: unknown };
export type RoomFilter = ((event: LiveEvent) => boolean) & {
  /** Of the room's past events about to be replayed, those still true now. */
  stillTrue: <E extends LiveEvent>(events: readonly E[]) => Promise<E[]>;
};

/**
 * The chat's room guard for the live channel (`rooms: { chat: chatRoomGuard(db) }` in app.ts):
 * given a reader and a room key (the book's id), null when the reader may not read the room
 * (unknown book, not finished), else a filter that hides the new messages of readers hidden
 * from them (a block either way). Blocks made while the tab stays subscribed are picked up
 * within HIDDEN_REFRESH_MS: the filter is synchronous, so the list is read again in the
 * background when it is older than that.
 */
export function chatRoomGuard(
  db: Db,
  options: { now?: () => number; refreshMs?: number } = {},
): (readerId: string, key: string) => Promise<RoomFilter | null> {
  const access = createChatAccess({ db });
  const chats = createChatRepository({ db });
  // A replay carries a message only if it is still in the room now: one removed since (by
  // its author or a moderator) is never sent again, whoever joins (the live channel's
  // 'chat.removed' takes it out of tabs already open).
  const stillTrue = async <E extends LiveEvent>(events: readonly E[]): Promise<E[]> => {
    const idOf = (event: E) => {
      const id = (event.data as { id?: unknown } | null)?.id;
      return event.kind === 'chat.message' && typeof id === 'string' && UUID.test(id) ? id : null;
    };
    const ids = events.map(idOf).filter((id) => id !== null);
    const shown = await chats.shownAmong(ids);
    return events.filter((event) => event.kind !== 'chat.message' || shown.has(idOf(event) ?? ''));
  };
  const now = options.now ?? Date.now;
  const refreshMs = options.refreshMs ?? HIDDEN_REFRESH_MS;

  return async (readerId, key) => {
    if (!UUID.test(key)) return null;
    const room = await access.mayRead(key, readerId);
    if (!room) return null;
    let hidden = new Set(room.hidden);
    let readAt = now();
    let reading = false;
    const refresh = () => {
      reading = true;
      readAt = now(); // a failed read is tried again after the same delay, not at once
      hiddenReaderIds(db, readerId)
        .then((ids) => {
          hidden = new Set(ids);
        })
        .catch(() => {}) // the old list serves until then
        .finally(() => {
          reading = false;
        });
    };
    const filter = (event: LiveEvent) => {
      if (!reading && now() - readAt >= refreshMs) refresh();
      if (event.kind !== 'chat.message') return true;
      const authorId = (event.data as { authorId?: unknown } | null)?.authorId;
      return typeof authorId !== 'string' || !hidden.has(authorId);
    };
    return Object.assign(filter, { stillTrue });
  };
}
