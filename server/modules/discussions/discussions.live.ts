import type { Db } from '../../db/client';
import { hiddenReaderIds } from '../community';
import { createDiscussionAccess } from './discussions.access';
import { createDiscussionsRepository } from './discussions.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A room key: `<book id>-<segment>`, or `…-<circle id>` (domain/live.ts `discussionRoom`). */
const KEY =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9][0-9]{0,4})(?:-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?$/i;

/** How old the subscriber's list of hidden readers may get before it is read again. */
export const HIDDEN_REFRESH_MS = 30_000;

type LiveEvent = { kind: string; data: unknown };
type RoomFilter = ((event: LiveEvent) => boolean) & {
  stillTrue: <E extends LiveEvent>(events: readonly E[]) => Promise<E[]>;
};

/**
 * The discussions' room guard for the live channel (`rooms: { discussion: … }` in app.ts):
 * given a reader and a room key (`<book id>-<segment>`, or a circle's `…-<circle id>`), null
 * unless the reader validated that segment (and, for a circle's, is one of its members), so neither a live event nor a replayed one of a segment they have not read reaches
 * their tab; else a filter that hides the posts of readers hidden from them (a block either
 * way), refreshed in the background as the chat's is, and whose replay leaves out posts
 * removed since.
 */
export function discussionRoomGuard(
  db: Db,
  options: { now?: () => number; refreshMs?: number } = {},
): (readerId: string, key: string) => Promise<RoomFilter | null> {
  const access = createDiscussionAccess({ db });
  const posts = createDiscussionsRepository({ db });
  const idOf = (event: LiveEvent) => {
    const id = (event.data as { id?: unknown } | null)?.id;
    return event.kind === 'discussion.post' && typeof id === 'string' && UUID.test(id) ? id : null;
  };
  const stillTrue = async <E extends LiveEvent>(events: readonly E[]): Promise<E[]> => {
    const shown = await posts.shownAmong(events.map(idOf).filter((id) => id !== null));
    return events.filter((e) => e.kind !== 'discussion.post' || shown.has(idOf(e) ?? ''));
  };
  const now = options.now ?? Date.now;
  const refreshMs = options.refreshMs ?? HIDDEN_REFRESH_MS;

  return async (readerId, key) => {
    const match = KEY.exec(key);
    if (!match) return null;
    const discussion = await access.mayRead(
      match[1] as string,
      Number(match[2]),
      readerId,
      match[3] ?? null,
    );
    if (!discussion) return null;
    let hidden = new Set(discussion.hidden);
    let readAt = now();
    let reading = false;
    const refresh = () => {
      reading = true;
      readAt = now();
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
      if (event.kind !== 'discussion.post') return true;
      const authorId = (event.data as { author?: { id?: unknown } | null } | null)?.author?.id;
      return typeof authorId !== 'string' || !hidden.has(authorId);
    };
    return Object.assign(filter, { stillTrue });
  };
}
