import { type SQLWrapper, sql } from 'drizzle-orm';
import type { FollowList, ReaderSummary } from '../../../domain/community.schemas';
import type { Db } from '../../db/client';
import { perExecutor } from '../../db/per-executor';
import { type Executor, preparedStatement } from '../../db/prepared-statement';
import { createReadCache } from '../../db/read-cache';
import { readersSql } from '../auth';
import { type Cursor, cursorSql, encodeCursor } from './cursor';

// Who follows and blocks whom, as the community's pages read it. The writes (follow, block)
// are in community.service.ts, under the pair lock.

/**
 * A CTE body: the readers hidden from reader `viewer` (a uuid value), because one of the two
 * blocked the other. Rows: id. Other modules embed it (a discussion's page leaves them out in
 * the statement that reads it).
 */
export const hiddenFrom = (viewer: SQLWrapper) =>
  sql<{ id: string }>`select blocked_id as id from blocks where blocker_id = ${viewer}
   union select blocker_id from blocks where blocked_id = ${viewer}`;

const hiddenStatement = preparedStatement<{ readerId: string }, { id: string }>(
  'community_hidden_from',
  (p) => hiddenFrom(sql`${p.readerId}::uuid`),
);

/**
 * The readers hidden from `readerId` because one of the two blocked the other (for other
 * modules, e.g. the chat, which leaves their messages out).
 */
export async function hiddenReaderIds(executor: Executor, readerId: string): Promise<string[]> {
  const rows = await hiddenStatement(executor, { readerId });
  return rows.map((r) => r.id);
}

type RelationRow = {
  found: boolean;
  followers: number;
  following: number;
  following_them: boolean;
  follows_me: boolean;
  blocked: boolean;
};

type ViewerAndReader = { viewerId: string; readerId: string };

// The viewer's relation to the reader shown. Counts leave out readers hidden from the viewer,
// so they match the lists' totals.
const relationStatement = preparedStatement<ViewerAndReader, RelationRow>(
  'community_relation',
  (p) => sql`with hidden as (${hiddenFrom(sql`${p.viewerId}::uuid`)})
   select ${readersSql.exists(sql`${p.readerId}::uuid`)} as found,
     (select count(*)::int from follows f where f.following_id = ${p.readerId}::uuid
        and not exists (select 1 from hidden h where h.id = f.follower_id)) as followers,
     (select count(*)::int from follows f where f.follower_id = ${p.readerId}::uuid
        and not exists (select 1 from hidden h where h.id = f.following_id)) as following,
     exists (select 1 from follows where follower_id = ${p.viewerId}::uuid and following_id = ${p.readerId}::uuid) as following_them,
     exists (select 1 from follows where follower_id = ${p.readerId}::uuid and following_id = ${p.viewerId}::uuid) as follows_me,
     exists (select 1 from blocks where blocker_id = ${p.viewerId}::uuid and blocked_id = ${p.readerId}::uuid) as blocked`,
);

type ListRow = {
  found: boolean;
  total: number;
  id: string | null;
  username: string | null;
  avatar_url: string | null;
  followed_by_me: boolean | null;
  cursor_at: string | null;
};

/** A follow list's parameters: the cursor's time and id (null: first page), rows to read. */
type ListParams = ViewerAndReader & { at: string | null; after: string | null; rows: number };

type FollowColumn = 'following_id' | 'follower_id';

/**
 * One page of a follow list of the reader `readerId` seen by `viewerId`. `side` is the column
 * holding the target reader ('following_id' for their followers), `other` the column of the
 * readers listed; `rows` is a page and one more.
 */
const listStatement = (name: string, side: FollowColumn, other: FollowColumn) => {
  const targetOf = sql`f.${sql.identifier(side)}`;
  const listed = sql`f.${sql.identifier(other)}`;
  return preparedStatement<ListParams, ListRow>(
    name,
    (p) => sql`with hidden as (${hiddenFrom(sql`${p.viewerId}::uuid`)})
     select t.found, t.total, l.* from (
       select ${readersSql.exists(sql`${p.readerId}::uuid`)} as found,
         (select count(*)::int from follows f where ${targetOf} = ${p.readerId}::uuid
            and not exists (select 1 from hidden h where h.id = ${listed})) as total) t
     left join lateral (
       select u.id, u.username, u.avatar_url,
         exists (select 1 from follows m where m.follower_id = ${p.viewerId}::uuid and m.following_id = ${listed})
           as followed_by_me,
         ${cursorSql.time(sql`f.created_at`)} as cursor_at
       from follows f
       join ${readersSql.join({ alias: 'u', id: listed })}
       where ${targetOf} = ${p.readerId}::uuid
         and ${cursorSql.before({ time: sql`f.created_at`, id: listed, at: p.at, after: p.after })}
         and not exists (select 1 from hidden h where h.id = ${listed})
       order by f.created_at desc nulls last, ${listed} desc
       limit ${p.rows}::int) l on true`,
  );
};

const followersStatement = listStatement('community_followers', 'following_id', 'follower_id');
const followingStatement = listStatement('community_following', 'follower_id', 'following_id');

export type Relation = {
  counts: { followers: number; following: number };
  relation: { following: boolean; followsMe: boolean; blocked: boolean };
};

/** Reads on follows and blocks: relations, counts, lists. */
export function createCommunityRepository({ db }: { db: Db }) {
  // Every reader sees the same count of readers: kept a minute, like the spec's feed cache.
  const readersCount = createReadCache<number>({
    name: 'readers_count',
    maxEntries: 1,
    ttlMs: 60_000,
  });

  return {
    /** The viewer's relation to a reader and that reader's counts; null for no such reader. */
    async relation(viewerId: string, readerId: string, executor: Executor = db) {
      const [row] = await relationStatement(executor, { viewerId, readerId });
      if (!row?.found) return null;
      const self = viewerId === readerId;
      return {
        counts: { followers: Number(row.followers), following: Number(row.following) },
        relation: {
          following: !self && row.following_them,
          followsMe: !self && row.follows_me,
          blocked: !self && row.blocked,
        },
      } satisfies Relation;
    },

    /**
     * A page of a reader's followers or followings, newest first, without the readers hidden
     * from the viewer (nor in the total); null for no such reader.
     */
    async followList(options: {
      viewerId: string;
      readerId: string;
      side: 'followers' | 'following';
      cursor: Cursor | null;
      pageSize: number;
    }): Promise<FollowList | null> {
      const statement = options.side === 'followers' ? followersStatement : followingStatement;
      const rows = await statement(db, {
        viewerId: options.viewerId,
        readerId: options.readerId,
        at: options.cursor?.at ?? null,
        after: options.cursor?.id ?? null,
        rows: options.pageSize + 1,
      });
      const first = rows[0];
      if (!first?.found) return null;
      const listed = rows.filter((r) => r.id !== null);
      const page = listed.slice(0, options.pageSize);
      const last = page.at(-1);
      return {
        items: page.map((r) => ({
          id: r.id as string,
          username: r.username,
          avatarUrl: r.avatar_url,
          followedByMe: r.followed_by_me === true,
        })),
        total: Number(first.total),
        nextCursor:
          listed.length > options.pageSize && last
            ? encodeCursor({ at: last.cursor_at as string, id: last.id as string })
            : null,
      };
    },

    /** The readers the reader blocked (never those who blocked them), latest first. */
    async blockedBy(readerId: string): Promise<ReaderSummary[]> {
      const rows = await db.execute<{
        id: string;
        username: string | null;
        avatar_url: string | null;
      }>(sql`select u.id, u.username, u.avatar_url
          from blocks b join ${readersSql.join({ alias: 'u', id: sql`b.blocked_id` })}
          where b.blocker_id = ${readerId}
          order by b.created_at desc, b.blocked_id desc`);
      return rows.rows.map((r) => ({ id: r.id, username: r.username, avatarUrl: r.avatar_url }));
    },

    /** How many readers the community has (a minute old at most). */
    readers(): Promise<number> {
      return readersCount.get('readers', async () => {
        const rows = await db.execute<{ n: number }>(sql`select ${readersSql.count()} as n`);
        return Number(rows.rows[0]?.n ?? 0);
      });
    },
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;

const communityOf = perExecutor((db: Db) => createCommunityRepository({ db }));

/**
 * The viewer's relation to a reader and that reader's counts, null for no such reader: what
 * a profile shows (decision 039: other modules call this, not the repository).
 */
export const readerRelation = (
  db: Db,
  { viewerId, readerId }: { viewerId: string; readerId: string },
) => communityOf(db).relation(viewerId, readerId);
