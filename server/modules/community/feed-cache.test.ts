import { describe, expect, it } from 'vitest';
import { FEED_LIMIT } from '../../../domain/community';
import type { Activity, Feed } from '../../../domain/community.schemas';
import type { Heard, Listener } from '../../db/notifications';
import { createFeedCache, FEED_CHANNEL, feedChange } from './feed-cache';

// The invalidation rules, on pages made up here: which change drops which reader's page.

const activity = (id: string, actorId: string, source: Activity['source']): Activity => ({
  id,
  kind: 'finished',
  actor: { id: actorId, username: null, avatarUrl: null },
  at: '2026-11-24T10:00:00.000Z',
  book: { id: 'livre', slug: 'livre', title: 'Livre', author: 'Auteur' },
  badge: null,
  likes: 0,
  likedByMe: false,
  mine: false,
  source,
});

/** A page of `n` activities by `actor` (from the readers followed), topped up with `community`. */
const feedOf = (actor: string, n: number, community: string[] = []): Feed => ({
  items: [
    ...Array.from({ length: n }, (_, i) => activity(`${actor}-${i}`, actor, 'following')),
    ...community.map((who, i) => activity(`${who}-c${i}`, who, 'community')),
  ],
  nextCursor: null,
});

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

/** A cache listening on a fake channel, and a way to say what the database would. */
async function setUp() {
  const cache = createFeedCache();
  const handlers = new Map<string, (heard: Heard) => void>();
  const listen: Listener = async (channel, onChange) => {
    handlers.set(channel, onChange);
    return async () => {
      handlers.delete(channel);
    };
  };
  const unlisten = await cache.listen(listen);
  const notify = (channel: string, heard: Heard) => handlers.get(channel)?.(heard);
  let loads = 0;
  /** The reader's page: the same object while cached, a new load otherwise. */
  const page = (reader: string, feed: Feed, followed: string[] = []) =>
    cache.get(reader, async () => {
      loads += 1;
      return { feed, followed };
    });
  const reloads = async (reader: string, feed: Feed, followed: string[] = []) => {
    const before = loads;
    await page(reader, feed, followed);
    return loads > before;
  };
  return { cache, notify, page, reloads, unlisten, handlers };
}

describe('feed cache', () => {
  it('serves a page again from memory, ready to send', async () => {
    const { page } = await setUp();
    const feed = feedOf('ami', 3, ['inconnu']);
    const first = await page('moi', feed);
    expect(JSON.parse(first.body.text)).toEqual(feed);
    expect(await page('moi', feedOf('autre', 1))).toBe(first);
  });

  it("drops on a new activity the pages of the actor's followers, and every topped-up page", async () => {
    const { page, reloads, notify } = await setUp();
    const full = feedOf('ami', FEED_LIMIT);
    await page('suit-ami', full, ['ami']);
    await page('suit-un-autre', feedOf('autre', FEED_LIMIT), ['autre']);
    await page('nouveau', feedOf('autre', 0, ['autre']));
    notify(FEED_CHANNEL, { payload: feedChange.activitiesOf('ami') });
    expect(await reloads('suit-ami', full, ['ami'])).toBe(true);
    expect(await reloads('suit-un-autre', full)).toBe(false);
    // The top-up shows the community's latest: anyone's new activity may enter it.
    expect(await reloads('nouveau', full)).toBe(true);
  });

  it("drops a page for a followed reader's activity even when none of theirs is shown", async () => {
    const { page, reloads, notify } = await setUp();
    const feed = feedOf('bavard', FEED_LIMIT);
    await page('moi', feed, ['bavard', 'discret']);
    notify(FEED_CHANNEL, { payload: feedChange.activitiesOf('discret') });
    expect(await reloads('moi', feed)).toBe(true);
  });

  it('drops on a Booky only the pages showing that activity', async () => {
    const { page, reloads, notify } = await setUp();
    const feed = feedOf('ami', FEED_LIMIT);
    await page('a', feed);
    await page('b', feedOf('autre', FEED_LIMIT));
    notify(FEED_CHANNEL, { payload: feedChange.bookysOn('ami-3') });
    expect(await reloads('a', feed)).toBe(true);
    expect(await reloads('b', feed)).toBe(false);
  });

  it("drops on a follow or a block that reader's page only", async () => {
    const { page, reloads, notify } = await setUp();
    const feed = feedOf('ami', FEED_LIMIT);
    await page('a', feed, ['ami']);
    await page('b', feed, ['ami']);
    notify(FEED_CHANNEL, { payload: feedChange.relationsOf('a') });
    expect(await reloads('a', feed)).toBe(true);
    expect(await reloads('b', feed)).toBe(false);
  });

  it('drops on a new name or photo the pages showing or following that reader', async () => {
    const { page, reloads, notify } = await setUp();
    const feed = feedOf('ami', FEED_LIMIT);
    await page('suit', feed, ['ami']);
    await page('voit-en-complement', feedOf('x', 2, ['ami']));
    await page('autre', feedOf('y', FEED_LIMIT), ['y']);
    notify(FEED_CHANNEL, { payload: feedChange.reader('ami') });
    expect(await reloads('suit', feed)).toBe(true);
    expect(await reloads('voit-en-complement', feed)).toBe(true);
    expect(await reloads('autre', feed)).toBe(false);
  });

  it('forgets every page on a catalogue change, a truncate, or notifications missed', async () => {
    const { page, reloads, notify, cache } = await setUp();
    const feed = feedOf('ami', FEED_LIMIT);
    for (const heard of [
      ['lisons_catalogue', { payload: 'books' }],
      [FEED_CHANNEL, { payload: 'activities' }],
      [FEED_CHANNEL, { missed: true }],
    ] as const) {
      await page('a', feed);
      await page('b', feed);
      expect(cache.size).toBe(2);
      notify(heard[0], heard[1]);
      expect(cache.size).toBe(0);
      expect(await reloads('a', feed)).toBe(true);
    }
  });

  it('never stores a page read before a change that touches it, and keeps one it does not', async () => {
    const { cache, notify, reloads } = await setUp();
    const slow = deferred<{ feed: Feed; followed: string[] }>();
    const spared = deferred<{ feed: Feed; followed: string[] }>();
    const stale = cache.get('moi', () => slow.promise);
    const other = cache.get('autre', () => spared.promise);
    // A Booky on an activity 'moi' shows commits while both pages are being read.
    notify(FEED_CHANNEL, { payload: feedChange.bookysOn('ami-0') });
    slow.resolve({ feed: feedOf('ami', FEED_LIMIT), followed: ['ami'] });
    spared.resolve({ feed: feedOf('loin', FEED_LIMIT), followed: ['loin'] });
    await Promise.all([stale, other]);
    expect(await reloads('moi', feedOf('ami', FEED_LIMIT))).toBe(true);
    expect(await reloads('autre', feedOf('loin', FEED_LIMIT))).toBe(false);
  });

  it('stops listening to both channels on unlisten', async () => {
    const { unlisten, handlers } = await setUp();
    expect([...handlers.keys()].sort()).toEqual(['lisons_catalogue', FEED_CHANNEL]);
    await unlisten();
    expect(handlers.size).toBe(0);
  });
});
