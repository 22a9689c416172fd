import { type SQL, sql } from 'drizzle-orm';
import { FEED_LIMIT } from '../../../domain/community';
import type { Activity, BookyState, Feed } from '../../../domain/community.schemas';
import { communityMessages as m } from '../../../domain/messages/community';
import { type BadgeSlug, badges } from '../../../domain/rewards';
import type { Db } from '../../db/client';
import { type Executor, type Params, preparedStatement } from '../../db/prepared-statement';
import { AppError } from '../../errors';
import { readersSql } from '../auth';
import { booksSql } from '../books';
import { type NotifyExecutor, notify } from '../notifications';
import { hiddenFrom } from './community.repository';
import { activities } from './community.table';
import { type Cursor, cursorSql, encodeCursor } from './cursor';

// The feed's lines (a reader finished a book, earned a badge) and their Bookys.

/** What a validation made true, for the feed. */
export type ActivityItem =
  | { kind: 'finished'; bookId: string }
  | { kind: 'badge'; badgeSlug: string; period: string };

/**
 * Writes the activities of a validation, in its transaction, at its time: once per source
 * ('finished:<book>', 'badge:<slug>:<period>'; a second try writes nothing). One statement
 * when there is something to write, none for an ordinary answer (decision 009's round trips).
 */
export async function recordActivities(
  tx: NotifyExecutor,
  { actorId, at, items }: { actorId: string; at: Date; items: readonly ActivityItem[] },
): Promise<void> {
  if (items.length === 0) return;
  const written = await tx
    .insert(activities)
    .values(
      items.map((item) =>
        item.kind === 'finished'
          ? {
              actorId,
              kind: item.kind,
              sourceKey: `finished:${item.bookId}`,
              bookId: item.bookId,
              createdAt: at,
            }
          : {
              actorId,
              kind: item.kind,
              sourceKey: `badge:${item.badgeSlug}:${item.period}`,
              badgeSlug: item.badgeSlug,
              createdAt: at,
            },
      ),
    )
    .onConflictDoNothing()
    .returning({ id: activities.id, kind: activities.kind, bookId: activities.bookId });
  // A book finished (the first time: a repeat writes no row) tells each of the reader's
  // followers, once per book; blocks end follows, so no blocked reader is among them.
  const finished = written.filter((a) => a.kind === 'finished' && a.bookId);
  if (finished.length === 0) return;
  const followers = await followersStatement(tx, { actorId });
  await notify(
    tx,
    finished.flatMap((a) =>
      followers.map((f) => ({
        recipientId: f.follower_id,
        actorId,
        type: 'friend_finished' as const,
        bookId: a.bookId,
        meta: { activityId: a.id },
        dedupeKey: `finished:${actorId}:${a.bookId}`,
      })),
    ),
  );
}

const followersStatement = preparedStatement<{ actorId: string }, { follower_id: string }>(
  'community_followers_of',
  (p) => sql`select follower_id from follows where following_id = ${p.actorId}::uuid`,
);

type FeedRow = {
  id: string;
  kind: Activity['kind'];
  actor_id: string;
  username: string | null;
  avatar_url: string | null;
  book_id: string | null;
  slug: string | null;
  title: string | null;
  author: string | null;
  badge_slug: string | null;
  likes_count: number;
  source: Activity['source'];
  liked: boolean;
  at: string;
  cursor_at: string;
};

const columns = sql`a.id, a.actor_id, a.kind, a.book_id, a.badge_slug, a.likes_count, a.created_at`;
// "desc nulls last": the order of the indexes (drizzle's .desc()), so PostgreSQL reads them in order.
const newest = (t: SQL) => sql`${t}.created_at desc nulls last, ${t}.id desc nulls last`;
const PAGE = FEED_LIMIT;
// Page sizes from the code, written into the text (limits and offsets the planner sees).
const count = (n: number) => sql.raw(String(Math.trunc(n)));

type FeedParams = { viewerId: string; at: string | null; after: string | null };

// The viewer, and the cursor's time and id (null: first page). The viewer's own activities and those of the
// readers they follow, newest first, from activities_actor_time_idx alone (index-only: time
// and id), in two bounded passes over the followed readers:
// 1. each one's newest activity (one index entry each); the (PAGE + 1)-th newest of those,
//    `floor`, is a time the page cannot go below (PAGE + 1 activities are at least as new);
// 2. each one's activities from `floor` on (few), merged; only the PAGE + 1 kept are fetched.
// So the cost follows the number of readers followed (two index descents each), never the
// table nor how active they are. One row more than a page tells there is a next one. On the
// first page only, when it is short of a page, the community's latest (others, not hidden)
// are read from activities_time_idx; otherwise that branch never runs.
const feedStatement = preparedStatement<FeedParams, FeedRow>(
  'community_feed',
  (p) => sql`with hidden as (${hiddenFrom(sql`${p.viewerId}::uuid`)}),
   actors as (
     select ${p.viewerId}::uuid as id
     union all
     select f.following_id from follows f
     where f.follower_id = ${p.viewerId}::uuid and not exists (select 1 from hidden h where h.id = f.following_id)),
   floor as (
     select coalesce((
       select n.created_at from actors x
       cross join lateral (
         select a.created_at from activities a
         where a.actor_id = x.id and ${cursorSql.before({ time: sql`a.created_at`, id: sql`a.id`, at: p.at, after: p.after })}
         order by ${newest(sql`a`)}
         limit 1) n
       order by n.created_at desc nulls last
       offset ${count(PAGE)} limit 1), '-infinity') as at),
   top as (
     select t.created_at, t.id from actors x
     cross join lateral (
       select a.created_at, a.id from activities a
       where a.actor_id = x.id
         and a.created_at >= (select at from floor)
         and ${cursorSql.before({ time: sql`a.created_at`, id: sql`a.id`, at: p.at, after: p.after })}
       order by ${newest(sql`a`)}
       limit ${count(PAGE + 1)}) t
     order by ${newest(sql`t`)}
     limit ${count(PAGE + 1)}),
   mine as (select ${columns} from top join activities a on a.id = top.id),
   community as (
     select ${columns} from activities a
     where ${p.at}::timestamptz is null and (select count(*) from top) < ${count(PAGE)}
       and not exists (select 1 from actors x where x.id = a.actor_id)
       and not exists (select 1 from hidden h where h.id = a.actor_id)
     order by ${newest(sql`a`)}
     limit ${count(PAGE)}),
   page as (
     select mine.*, 'following' as source, 0 as part from mine
     union all
     select community.*, 'community', 1 from community)
   select p.id, p.kind, p.actor_id, u.username, u.avatar_url, p.book_id, b.slug, b.title, b.author,
     p.badge_slug, p.likes_count, p.source, l.hit is not null as liked,
     ${cursorSql.apiTime(sql`p.created_at`)} as at, ${cursorSql.time(sql`p.created_at`)} as cursor_at
   from page p
   join ${readersSql.join({ alias: 'u', id: sql`p.actor_id` })}
   left join ${booksSql.join({ alias: 'b', id: sql`p.book_id` })}
   -- One primary-key probe a line (not every Booky the viewer ever gave).
   left join lateral (select 1 as hit from activity_likes k
     where k.activity_id = p.id and k.liker_id = ${p.viewerId}::uuid limit 1) l on true
   order by p.part, ${newest(sql`p`)}`,
);

// The readers whose new activities enter the viewer's first page (feed-cache.ts), from the
// follows' primary key alone. A blocked reader is never followed (a block ends follows).
const followedStatement = preparedStatement<{ viewerId: string }, { id: string }>(
  'community_feed_followed',
  (p) => sql`select following_id as id from follows where follower_id = ${p.viewerId}::uuid`,
);

type BookyRow = {
  actor_id: string;
  kind: Activity['kind'];
  book_id: string | null;
  likes: number;
  changed: number;
};

type Booky = { activityId: string; readerId: string };

// The activity row is locked first, so Bookys on it queue and each reads the count its
// predecessor committed; the like row's primary key makes a second one insert nothing. The
// stored count is moved by the activity_likes trigger (migration 0028), after the statement:
// the answer adds what this one inserted or deleted.
const target = (p: Params<Booky>) => sql`target as (
  select a.id, a.actor_id, a.kind, a.book_id, a.likes_count from activities a
  where a.id = ${p.activityId}::uuid
    and not exists (select 1 from blocks k
      where (k.blocker_id = ${p.readerId}::uuid and k.blocked_id = a.actor_id)
         or (k.blocker_id = a.actor_id and k.blocked_id = ${p.readerId}::uuid))
  for no key update of a)`;

const giveStatement = preparedStatement<Booky, BookyRow>(
  'community_booky_give',
  (p) => sql`with ${target(p)},
   ins as (
     insert into activity_likes (activity_id, liker_id)
     select t.id, ${p.readerId}::uuid from target t where t.kind = 'finished' and t.actor_id <> ${p.readerId}::uuid
     on conflict do nothing
     returning activity_id)
   select t.actor_id, t.kind, t.book_id, t.likes_count + (select count(*)::int from ins) as likes,
     (select count(*)::int from ins) as changed
   from target t`,
);

const takeBackStatement = preparedStatement<Booky, BookyRow>(
  'community_booky_take_back',
  (p) => sql`with ${target(p)},
   del as (
     delete from activity_likes l using target t
     where l.activity_id = t.id and l.liker_id = ${p.readerId}::uuid
     returning l.activity_id)
   select t.actor_id, t.kind, t.book_id, t.likes_count - (select count(*)::int from del) as likes,
     (select count(*)::int from del) as changed
   from target t`,
);

function toActivity(row: FeedRow, viewerId: string): Activity {
  const badge =
    row.badge_slug !== null && row.badge_slug in badges ? (row.badge_slug as BadgeSlug) : null;
  return {
    id: row.id,
    kind: row.kind,
    actor: { id: row.actor_id, username: row.username, avatarUrl: row.avatar_url },
    at: row.at,
    book:
      row.book_id !== null && row.slug !== null
        ? { id: row.book_id, slug: row.slug, title: row.title ?? '', author: row.author ?? '' }
        : null,
    badge: badge
      ? {
          slug: badge,
          name: badges[badge].name,
          icon: badges[badge].icon,
          color: badges[badge].color,
        }
      : null,
    likes: Number(row.likes_count),
    likedByMe: row.liked,
    mine: row.actor_id === viewerId,
    source: row.source,
  };
}

/** Refuses a Booky the reader may not give or take back (see the statements above). */
function checkBooky(row: BookyRow | undefined, readerId: string): asserts row is BookyRow {
  if (!row) throw new AppError('NOT_FOUND', m.activityNotFound);
  if (row.actor_id === readerId) throw new AppError('FORBIDDEN', m.bookyOwnActivity);
  if (row.kind !== 'finished') throw new AppError('VALIDATION_ERROR', m.bookyNotFinished);
}

export function createActivitiesRepository({ db }: { db: Db }) {
  return {
    /** One page of the reader's feed, newest first, topped up on a thin first page. */
    async feed(viewerId: string, cursor: Cursor | null, executor: Executor = db): Promise<Feed> {
      const rows = await feedStatement(executor, {
        viewerId,
        at: cursor?.at ?? null,
        after: cursor?.id ?? null,
      });
      const following = rows.filter((r) => r.source === 'following');
      const more = following.length > PAGE;
      const page = more
        ? following.slice(0, PAGE)
        : [...following, ...rows.filter((r) => r.source === 'community')].slice(0, PAGE);
      const last = page.at(-1);
      return {
        items: page.map((r) => toActivity(r, viewerId)),
        nextCursor: more && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
      };
    },

    /** The readers the viewer follows (ids), whose activities their feed reads. */
    async followed(viewerId: string): Promise<string[]> {
      const rows = await followedStatement(db, { viewerId });
      return rows.map((r) => r.id);
    },

    /** The reader gives a Booky on a finished activity of another reader (once). */
    async giveBooky(activityId: string, readerId: string): Promise<BookyState> {
      const row = await db.transaction(async (tx) => {
        const [given] = await giveStatement(tx, { activityId, readerId });
        checkBooky(given, readerId);
        // A Booky given (not a repeat; a blocked reader's is refused above) tells the
        // activity's reader, once per giver: taken back and given again stays one.
        if (Number(given.changed) > 0) {
          await notify(tx, [
            {
              recipientId: given.actor_id,
              actorId: readerId,
              type: 'booky_received',
              bookId: given.book_id,
              meta: { activityId },
              dedupeKey: `booky:${activityId}:${readerId}`,
            },
          ]);
        }
        return given;
      });
      return { likedByMe: true, likes: Number(row.likes) };
    },

    /** The reader takes their Booky back (none given: nothing changes). */
    async takeBackBooky(activityId: string, readerId: string): Promise<BookyState> {
      const [row] = await takeBackStatement(db, { activityId, readerId });
      checkBooky(row, readerId);
      return { likedByMe: false, likes: Number(row.likes) };
    },
  };
}
