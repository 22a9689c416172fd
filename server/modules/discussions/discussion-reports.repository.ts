import { sql } from 'drizzle-orm';
import { displayName } from '../../../domain/accounts';
import type { DiscussionReport } from '../../../domain/discussions.schemas';
import type { Db } from '../../db/client';
import { type Executor, preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { booksSql } from '../books';
import { cursorSql } from '../community';

// The discussions' moderation SQL: removal (by its author or an administrator), reports
// (segment_post_reports) and the administrators' queue, as the finished-book chat's (decision 021).

// `by`: who removes it. Its open reports are settled with it.
const removeStatement = preparedStatement<
  { id: string; by: string },
  {
    id: string;
    book_id: string;
    segment: number;
    parent_id: string | null;
    author_id: string;
    circle_id: string | null;
  }
>(
  'discussion_remove',
  (p) => sql`with removed as (
     update segment_posts set removed_at = now(), removed_by = ${p.by}::text
     where id = ${p.id}::uuid and removed_at is null
     returning id, book_id, segment, parent_id, author_id, circle_id),
   settled as (
     update segment_post_reports set resolved_at = now()
     where post_id in (select id from removed) and resolved_at is null
     returning 1)
   select id, book_id, segment, parent_id, author_id, circle_id from removed`,
);

const reportStatement = preparedStatement<
  { postId: string; reporterId: string },
  { inserted: number }
>(
  'discussion_report',
  (p) => sql`with ins as (
     insert into segment_post_reports (post_id, reporter_id) values (${p.postId}::uuid, ${p.reporterId}::uuid)
     on conflict do nothing
     returning 1)
   select count(*)::int as inserted from ins`,
);

const dismissStatement = preparedStatement<{ postId: string }, { dismissed: number }>(
  'discussion_dismiss',
  (p) => sql`with settled as (
     update segment_post_reports set resolved_at = now()
     where post_id = ${p.postId}::uuid and resolved_at is null
     returning 1)
   select count(*)::int as dismissed from settled`,
);

type ReportRow = {
  id: string;
  content: string;
  segment: number;
  created_at: string;
  author_id: string;
  username: string | null;
  avatar_url: string | null;
  book_id: string;
  slug: string;
  title: string;
  count: number;
  first_at: string;
  last_at: string;
};

// The open reports, one line per post still shown, most reported first.
const reportsStatement = preparedStatement<{ limit: number }, ReportRow>(
  'discussion_open_reports',
  (
    p,
  ) => sql`select s.id, s.content, s.segment, ${cursorSql.apiTime(sql`s.created_at`)} as created_at,
     s.author_id, u.username, u.avatar_url, s.book_id, b.slug, b.title, r.count,
     ${cursorSql.apiTime(sql`r.first_at`)} as first_at, ${cursorSql.apiTime(sql`r.last_at`)} as last_at
   from (select post_id, count(*)::int as count, min(created_at) as first_at,
           max(created_at) as last_at
         from segment_post_reports where resolved_at is null group by post_id) r
   join segment_posts s on s.id = r.post_id and s.removed_at is null
   join ${readersSql.join({ alias: 'u', id: sql`s.author_id` })}
   join ${booksSql.join({ alias: 'b', id: sql`s.book_id` })}
   order by r.count desc, r.last_at desc, s.id
   limit ${p.limit}::int`,
);

export function createDiscussionReportsRepository({ db }: { db: Db }) {
  return {
    /** Takes a post out of its discussion (its row stays); null if it was already. */
    async remove(tx: Executor, id: string, by: 'author' | 'admin') {
      const [row] = await removeStatement(tx, { id, by });
      return row
        ? {
            id: row.id,
            bookId: row.book_id,
            segment: Number(row.segment),
            parentId: row.parent_id,
            authorId: row.author_id,
            circleId: row.circle_id,
          }
        : null;
    },

    /** A reader's report of a post; false when they had already reported it. */
    async report(postId: string, reporterId: string): Promise<boolean> {
      const [row] = await reportStatement(db, { postId, reporterId });
      return Number(row?.inserted ?? 0) > 0;
    },

    /** Settles a post's open reports without removing it; how many were open. */
    async dismiss(postId: string, tx: Executor = db): Promise<number> {
      const [row] = await dismissStatement(tx, { postId });
      return Number(row?.dismissed ?? 0);
    },

    /** The administrators' queue: reported posts still shown. */
    async openReports(limit: number): Promise<DiscussionReport[]> {
      const rows = await reportsStatement(db, { limit });
      return rows.map((row) => ({
        post: {
          id: row.id,
          content: row.content,
          createdAt: row.created_at,
          segment: Number(row.segment),
        },
        author: {
          id: row.author_id,
          name: displayName({ id: row.author_id, username: row.username }),
          avatar: row.avatar_url,
        },
        book: { id: row.book_id, slug: row.slug, title: row.title },
        count: Number(row.count),
        firstReportedAt: row.first_at,
        lastReportedAt: row.last_at,
      }));
    },
  };
}
