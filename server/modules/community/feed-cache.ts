import { FEED_LIMIT } from '../../../domain/community';
import type { Feed } from '../../../domain/community.schemas';
import type { Heard, Listener } from '../../db/notifications';
import { createReadCache } from '../../db/read-cache';
import { type PreparedBody, prepareJson } from '../../plugins/prepared-body';
import { CATALOGUE_CHANNEL } from '../books';

/** The channel of migration 0016's triggers on activities, Bookys, follows, blocks, readers. */
export const FEED_CHANNEL = 'lisons_feed';

/**
 * What changed, in the words of migration 0016's triggers. The process that made a change
 * says it to its own cache at once (`changed`), the same words: the NOTIFY reaches every
 * process a few milliseconds after the commit, and a reader must see their own change on
 * their next request.
 */
export const feedChange = {
  /** An activity of this reader was written, changed or deleted. */
  activitiesOf: (actorId: string) => `a:${actorId}`,
  /** A Booky given or taken back on this activity. */
  bookysOn: (activityId: string) => `l:${activityId}`,
  /** This reader followed, unfollowed, blocked or was blocked. */
  relationsOf: (readerId: string) => `r:${readerId}`,
  /** This reader's name or photo. */
  reader: (readerId: string) => `u:${readerId}`,
};

/** A reader's first feed page, ready to send, with what it was read from. */
export type CachedFeed = {
  body: PreparedBody;
  /** Me, the readers I follow, and every actor shown (the top-up's too). */
  actors: ReadonlySet<string>;
  /** The activities shown (their Bookys are counted and marked). */
  activities: ReadonlySet<string>;
  /** Short of a page from the readers followed: any new activity anywhere may enter it. */
  toppedUp: boolean;
};

// 2 000 readers' pages: ~10 kB each ready to send, ~10 kB of ids (500 followed).
const MAX_READERS = 2_000;
// A minute at most even if a notification were lost.
const TTL_MS = 60_000;
// One string per reader followed, not one per page that follows them (20 MB instead of 75
// for 2 000 pages of 500); past this, they are all forgotten (only sharing is lost).
const MAX_INTERNED = 200_000;

/**
 * Each reader's first feed page (no cursor), exact: dropped in every process when the
 * database says something it was read from changed (`lisons_feed` payloads, see
 * `feedChange`), all of them on a catalogue change (book titles) or a lost notification.
 */
export function createFeedCache(options = { maxEntries: MAX_READERS, ttlMs: TTL_MS }) {
  const pages = createReadCache<CachedFeed>({ name: 'feeds', ...options });
  const interned = new Map<string, string>();
  const intern = (id: string) => {
    const known = interned.get(id);
    if (known !== undefined) return known;
    if (interned.size >= MAX_INTERNED) interned.clear();
    interned.set(id, id);
    return id;
  };

  const changed = (payload: string) => {
    const id = payload.slice(2);
    switch (payload.slice(0, 2)) {
      case 'a:':
        return pages.drop((_, page) => page.toppedUp || page.actors.has(id));
      case 'l:':
        return pages.drop((_, page) => page.activities.has(id));
      case 'r:':
        return pages.drop((readerId) => readerId === id);
      case 'u:':
        return pages.drop((_, page) => page.actors.has(id));
      default:
        // A TRUNCATE (the table's name) or anything this code does not know: everything.
        return pages.clear();
    }
  };
  const heard = (what: Heard) => ('payload' in what ? changed(what.payload) : pages.clear());

  return {
    /** The reader's first page, from memory, or read by `load` (the feed and whom they follow). */
    get: (readerId: string, load: () => Promise<{ feed: Feed; followed: readonly string[] }>) =>
      pages.get(readerId, async () => {
        const { feed, followed } = await load();
        return {
          body: prepareJson(feed),
          actors: new Set(
            [readerId, ...followed, ...feed.items.map((a) => a.actor.id)].map(intern),
          ),
          activities: new Set(feed.items.map((a) => a.id)),
          toppedUp: feed.items.filter((a) => a.source === 'following').length < FEED_LIMIT,
        };
      }),
    changed,
    /** Starts dropping on NOTIFY (feed and catalogue channels); returns the unlisten function. */
    async listen(listen: Listener) {
      const stops = await Promise.all([
        listen(FEED_CHANNEL, heard),
        listen(CATALOGUE_CHANNEL, () => pages.clear()),
      ]);
      return async () => {
        await Promise.all(stops.map((stop) => stop()));
      };
    },
    get size() {
      return pages.size;
    },
  };
}

export type FeedCache = ReturnType<typeof createFeedCache>;
