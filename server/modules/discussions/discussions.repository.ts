import { sql } from 'drizzle-orm';
import { displayName } from '../../../domain/accounts';
import type { DiscussionPost, DiscussionThread } from '../../../domain/discussions.schemas';
import type { Db } from '../../db/client';
import { type Executor, type Params, preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { circlesSql } from '../circles';
import { type Cursor, cursorSql, encodeCursor, hiddenFrom } from '../community';
import { readingSql } from '../reading';

// The discussions' SQL for reading and writing posts (segment_posts, segment_post_bookys).
// Only this module names these tables; readers and validations come through their owners'
// fragments. Every statement that returns a post's text carries the reader's validation of its
// segment in its own WHERE clause: a post of a segment they have not validated is never read
// for them, whatever the caller checked before (decision 054). A reading circle's discussion
// (decision 056) is the posts with its `circle_id`, and its statements carry the reader's
// membership the same way; the book's own discussion is the posts without one.

/** A post as a statement returns it (replies come back as JSON with the same keys). */
export type PostRow = {
  id: string;
  book_id: string;
  segment: number;
  parent_id: string | null;
  content: string;
  author_id: string;
  username: string | null;
  avatar_url: string | null;
  created_at: string;
  cursor_at: string;
  removed: boolean;
  bookys: number;
  booked: boolean;
};

type ThreadRow = PostRow & { reply_count: number; replies: PostRow[] | string };

/** The columns of a post `alias` joined to its author `u`, with the viewer's Booky. */
const postColumns = (alias: string, viewerId: unknown) => {
  const a = sql.identifier(alias);
  return sql`${a}.id, ${a}.book_id, ${a}.segment, ${a}.parent_id, ${a}.content, ${a}.author_id,
    u.username, u.avatar_url, ${cursorSql.apiTime(sql`${a}.created_at`)} as created_at,
    ${cursorSql.time(sql`${a}.created_at`)} as cursor_at, ${a}.removed_at is not null as removed,
    ${a}.bookys,
    exists (select 1 from segment_post_bookys k where k.post_id = ${a}.id and k.reader_id = ${viewerId}::uuid) as booked`;
};

/** A post as readers see it; a removed one (kept for its replies) says nothing of itself. */
export function toPost(row: PostRow, viewerId: string | null): DiscussionPost {
  const removed = Boolean(row.removed);
  return {
    id: row.id,
    bookId: row.book_id,
    segment: Number(row.segment),
    parentId: row.parent_id,
    content: removed ? null : row.content,
    removed,
    createdAt: row.created_at,
    author: removed
      ? null
      : {
          id: row.author_id,
          name: displayName({ id: row.author_id, username: row.username }),
          avatar: row.avatar_url,
        },
    mine: !removed && row.author_id === viewerId,
    bookys: Number(row.bookys),
    bookedByMe: Boolean(row.booked),
  };
}

// A page of threads, newest first: the posts of one segment before the cursor, without those of
// readers hidden from the viewer (blocks, community's fragment, in this same statement), a removed post only while it has replies to show; each with its first
// replies (oldest first) and how many it has. The page is chosen first, in the order of
// segment_posts_threads_idx, and only its rows get their replies (segment_posts_replies_idx):
// with the laterals in the same query level the planner built every thread's replies before
// the limit (70 ms for 10 000 posts). 'nulls last' as the index is built (drizzle's desc()), or
// PostgreSQL cannot read the index in order and sorts every thread. Nothing at all unless the
// viewer validated the segment.
type ThreadsParams = {
  bookId: string;
  segment: number;
  viewerId: string;
  circleId: string | null;
  cursorAt: string | null;
  cursorId: string | null;
  limit: number;
  shown: number;
};

/**
 * Which posts a discussion holds: the book's own (no circle), or a circle's for one of its
 * members (their membership in the same statement), each read from its own partial index.
 */
const scopeOf = (circle: boolean, p: Params<ThreadsParams>) =>
  circle
    ? sql`p.circle_id = ${p.circleId}::uuid and exists (${circlesSql.member({ circleId: sql`${p.circleId}::uuid`, readerId: sql`${p.viewerId}::uuid`, bookId: sql`${p.bookId}::uuid` })})`
    : sql`p.circle_id is null`;

const threadsSql = (circle: boolean) => (p: Params<ThreadsParams>) =>
  sql`with hidden as (${hiddenFrom(sql`${p.viewerId}::uuid`)}),
   t as (
     select p.* from segment_posts p
     where p.book_id = ${p.bookId}::uuid and p.segment = ${p.segment}::int and p.parent_id is null
       and ${cursorSql.before({ time: sql`p.created_at`, id: sql`p.id`, at: p.cursorAt, after: p.cursorId })}
       and p.author_id not in (select id from hidden)
       and (p.removed_at is null or exists (
         select 1 from segment_posts r where r.parent_id = p.id and r.removed_at is null
           and r.author_id not in (select id from hidden)))
       and ${scopeOf(circle, p)}
       and exists (${readingSql.validatedSegment({ userId: sql`${p.viewerId}::uuid`, bookId: sql`${p.bookId}::uuid`, segment: sql`${p.segment}::int` })})
     order by p.created_at desc nulls last, p.id desc nulls last
     limit ${p.limit}::int)
   select ${postColumns('t', p.viewerId)}, rc.n as reply_count, rs.replies
   from t
   join ${readersSql.join({ alias: 'u', id: sql`t.author_id` })}
   cross join lateral (
     select count(*)::int as n from segment_posts r
     where r.parent_id = t.id and r.removed_at is null
       and r.author_id not in (select id from hidden)) rc
   cross join lateral (
     select coalesce(jsonb_agg(to_jsonb(x) order by x.cursor_at, x.id), '[]'::jsonb) as replies
     from (select ${postColumns('r', p.viewerId)}
           from segment_posts r join ${readersSql.join({ alias: 'u', id: sql`r.author_id` })}
           where r.parent_id = t.id and r.removed_at is null
             and r.author_id not in (select id from hidden)
           order by r.created_at, r.id
           limit ${p.shown}::int) x) rs
   order by t.created_at desc, t.id desc`;

const threadsStatement = preparedStatement<ThreadsParams, ThreadRow>(
  'discussion_threads',
  threadsSql(false),
);
const circleThreadsStatement = preparedStatement<ThreadsParams, ThreadRow>(
  'discussion_circle_threads',
  threadsSql(true),
);

// A thread's replies after the cursor, oldest first, for a viewer who validated its segment.
const repliesStatement = preparedStatement<
  {
    parentId: string;
    viewerId: string;
    cursorAt: string | null;
    cursorId: string | null;
    limit: number;
  },
  PostRow
>(
  'discussion_replies',
  (p) => sql`with hidden as (${hiddenFrom(sql`${p.viewerId}::uuid`)})
   select ${postColumns('r', p.viewerId)}
   from segment_posts parent
   join segment_posts r on r.parent_id = parent.id
   join ${readersSql.join({ alias: 'u', id: sql`r.author_id` })}
   where parent.id = ${p.parentId}::uuid and r.removed_at is null
     and r.author_id not in (select id from hidden)
     and (r.created_at, r.id) > (coalesce(${p.cursorAt}::timestamptz, '-infinity'),
       coalesce(${p.cursorId}::uuid, '00000000-0000-0000-0000-000000000000'))
     and exists (${readingSql.validatedSegment({ userId: sql`${p.viewerId}::uuid`, bookId: sql`parent.book_id`, segment: sql`parent.segment` })})
     and (parent.circle_id is null or exists (${circlesSql.member({ circleId: sql`parent.circle_id`, readerId: sql`${p.viewerId}::uuid`, bookId: sql`parent.book_id` })}))
   order by r.created_at, r.id
   limit ${p.limit}::int`,
);

// Writes a post, or a reply to a post of the same segment still shown, only when the author
// validated the segment: no row written is the refusal (the service has said why before).
const insertStatement = preparedStatement<
  {
    bookId: string;
    segment: number;
    parentId: string | null;
    authorId: string;
    content: string;
    circleId: string | null;
  },
  PostRow
>(
  'discussion_insert',
  (p) => sql`with ins as (
     insert into segment_posts (book_id, segment, parent_id, author_id, content, circle_id)
     select ${p.bookId}::uuid, ${p.segment}::int, ${p.parentId}::uuid, ${p.authorId}::uuid, ${p.content}::text, ${p.circleId}::uuid
     where exists (${readingSql.validatedSegment({ userId: sql`${p.authorId}::uuid`, bookId: sql`${p.bookId}::uuid`, segment: sql`${p.segment}::int` })})
       and (${p.circleId}::uuid is null or exists (${circlesSql.member({ circleId: sql`${p.circleId}::uuid`, readerId: sql`${p.authorId}::uuid`, bookId: sql`${p.bookId}::uuid`, open: true })}))
       and (${p.parentId}::uuid is null or exists (
         select 1 from segment_posts q where q.id = ${p.parentId}::uuid and q.parent_id is null
           and q.removed_at is null and q.book_id = ${p.bookId}::uuid and q.segment = ${p.segment}::int
           and q.circle_id is not distinct from ${p.circleId}::uuid))
     returning *)
   select ${postColumns('ins', p.authorId)}
   from ins join ${readersSql.join({ alias: 'u', id: sql`ins.author_id` })}`,
);

type FoundRow = {
  id: string;
  book_id: string;
  segment: number;
  parent_id: string | null;
  author_id: string;
  removed: boolean;
  circle_id: string | null;
};

const findStatement = preparedStatement<{ id: string }, FoundRow>(
  'discussion_find',
  (p) => sql`select id, book_id, segment, parent_id, author_id, removed_at is not null as removed,
     circle_id
   from segment_posts where id = ${p.id}::uuid`,
);

const shownStatement = preparedStatement<{ ids: string }, { id: string }>(
  'discussion_shown',
  (p) => sql`select id from segment_posts where id = any(${p.ids}::uuid[]) and removed_at is null`,
);

// Per segment of the book: whether the viewer validated it, its posts and replies, and how
// many readers wrote them (hidden readers left out), from segment_posts_counts_idx (a circle's:
// segment_posts_circle_counts_idx).
type CountsParams = {
  bookId: string;
  viewerId: string;
  segments: number;
  hidden: string;
  circleId: string | null;
};

const countsSql = (circle: boolean) => (p: Params<CountsParams>) =>
  sql`select s.segment, coalesce(c.posts, 0)::int as posts,
     coalesce(c.readers, 0)::int as readers, v.segment is not null as validated
   from generate_series(1, ${p.segments}::int) as s(segment)
   left join (select segment, count(*) as posts, count(distinct author_id) as readers
              from segment_posts p
              where ${circle ? sql`p.circle_id = ${p.circleId}::uuid` : sql`p.book_id = ${p.bookId}::uuid and p.circle_id is null`}
                and p.removed_at is null
                and p.author_id <> all(${p.hidden}::uuid[])
              group by segment) c on c.segment = s.segment
   left join ${readingSql.validatedSegments({ userId: sql`${p.viewerId}::uuid` })} v
     on v.book_id = ${p.bookId}::uuid and v.segment = s.segment
   order by s.segment`;

const countsStatement = preparedStatement<
  CountsParams,
  { segment: number; posts: number; readers: number; validated: boolean }
>('discussion_counts', countsSql(false));
// A circle's counts: its membership is the access check's (the counts show no text).
const circleCountsStatement = preparedStatement<
  CountsParams,
  { segment: number; posts: number; readers: number; validated: boolean }
>('discussion_circle_counts', countsSql(true));

// A Booky given or taken, and the post's count kept by the same statement.
const giveStatement = preparedStatement<{ postId: string; readerId: string }, { bookys: number }>(
  'discussion_booky_give',
  (p) => sql`with ins as (
     insert into segment_post_bookys (post_id, reader_id) values (${p.postId}::uuid, ${p.readerId}::uuid)
     on conflict do nothing returning post_id),
   upd as (update segment_posts set bookys = bookys + 1 where id in (select post_id from ins)
     returning bookys)
   select coalesce((select bookys from upd), (select bookys from segment_posts where id = ${p.postId}::uuid)) as bookys`,
);

const takeStatement = preparedStatement<{ postId: string; readerId: string }, { bookys: number }>(
  'discussion_booky_take',
  (p) => sql`with del as (
     delete from segment_post_bookys where post_id = ${p.postId}::uuid and reader_id = ${p.readerId}::uuid
     returning post_id),
   upd as (update segment_posts set bookys = greatest(bookys - 1, 0) where id in (select post_id from del)
     returning bookys)
   select coalesce((select bookys from upd), (select bookys from segment_posts where id = ${p.postId}::uuid)) as bookys`,
);

/** A uuid[] literal for a statement parameter (the ids come from the database). */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

const threadOf = (row: ThreadRow, viewerId: string): DiscussionThread => {
  const replies: PostRow[] =
    typeof row.replies === 'string' ? JSON.parse(row.replies) : (row.replies ?? []);
  return {
    ...toPost(row, viewerId),
    replies: replies.map((reply) => toPost(reply, viewerId)),
    replyCount: Number(row.reply_count),
  };
};

export function createDiscussionsRepository({ db }: { db: Db }) {
  return {
    /** A page of a segment's threads, newest first; `nextCursor` for older ones. */
    async threads(options: {
      bookId: string;
      segment: number;
      viewerId: string;
      circleId: string | null;
      cursor: Cursor | null;
      pageSize: number;
      shown: number;
    }): Promise<{ items: DiscussionThread[]; nextCursor: string | null }> {
      const statement = options.circleId ? circleThreadsStatement : threadsStatement;
      const rows = await statement(db, {
        bookId: options.bookId,
        segment: options.segment,
        viewerId: options.viewerId,
        circleId: options.circleId,
        cursorAt: options.cursor?.at ?? null,
        cursorId: options.cursor?.id ?? null,
        limit: options.pageSize + 1,
        shown: options.shown,
      });
      const page = rows.slice(0, options.pageSize);
      const oldest = page.at(-1);
      return {
        items: page.map((row) => threadOf(row, options.viewerId)),
        nextCursor:
          rows.length > options.pageSize && oldest
            ? encodeCursor({ at: oldest.cursor_at, id: oldest.id })
            : null,
      };
    },

    /** A thread's replies after `cursor`, oldest first; `nextCursor` for later ones. */
    async replies(options: {
      parentId: string;
      viewerId: string;
      cursor: Cursor | null;
      pageSize: number;
    }): Promise<{ items: DiscussionPost[]; nextCursor: string | null }> {
      const rows = await repliesStatement(db, {
        parentId: options.parentId,
        viewerId: options.viewerId,
        cursorAt: options.cursor?.at ?? null,
        cursorId: options.cursor?.id ?? null,
        limit: options.pageSize + 1,
      });
      const page = rows.slice(0, options.pageSize);
      const newest = page.at(-1);
      return {
        items: page.map((row) => toPost(row, options.viewerId)),
        nextCursor:
          rows.length > options.pageSize && newest
            ? encodeCursor({ at: newest.cursor_at, id: newest.id })
            : null,
      };
    },

    /** Writes a post or a reply in the caller's transaction; null when refused. */
    async insert(
      tx: Executor,
      post: {
        bookId: string;
        segment: number;
        parentId: string | null;
        authorId: string;
        content: string;
        circleId: string | null;
      },
    ): Promise<PostRow | null> {
      const [row] = await insertStatement(tx, post);
      return row ?? null;
    },

    /** A post's place and author, removed or not; null for none. */
    async find(id: string, executor: Executor = db) {
      const [row] = await findStatement(executor, { id });
      return row
        ? {
            id: row.id,
            bookId: row.book_id,
            segment: Number(row.segment),
            parentId: row.parent_id,
            authorId: row.author_id,
            removed: row.removed,
            circleId: row.circle_id,
          }
        : null;
    },

    /** Of these post ids, those still shown (not removed, not deleted). */
    async shownAmong(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await shownStatement(db, { ids: uuidArray(ids) });
      return new Set(rows.map((row) => row.id));
    },

    /** Every segment of the book with the viewer's access and its counts. */
    async counts(options: {
      bookId: string;
      viewerId: string;
      segments: number;
      hidden: readonly string[];
      circleId: string | null;
    }) {
      const statement = options.circleId ? circleCountsStatement : countsStatement;
      const rows = await statement(db, { ...options, hidden: uuidArray(options.hidden) });
      return rows.map((row) => ({
        segment: Number(row.segment),
        posts: Number(row.posts),
        readers: Number(row.readers),
        validated: Boolean(row.validated),
      }));
    },

    /** Gives (`true`) or takes back a Booky; the post's count after it. */
    async booky(postId: string, readerId: string, give: boolean): Promise<number> {
      const [row] = await (give ? giveStatement : takeStatement)(db, { postId, readerId });
      return Number(row?.bookys ?? 0);
    },
  };
}

export type DiscussionsRepository = ReturnType<typeof createDiscussionsRepository>;
