import { sql } from 'drizzle-orm';
import { ADMIN_BOOKS_PAGE_SIZE, type SegmentStatusPage } from '../../../domain/admin-books.schemas';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { segmentStatus } from './admin-questions.service';

// The segment status of every book (docs/architecture.md#back-office): incomplete first,
// then missing (no question at all), then complete; by title within each.

type StatusRow = {
  id: string;
  slug: string;
  title: string;
  author: string;
  expected_segments: number;
  available: number;
  missing: number[];
  total: number;
};

// The rank orders incomplete (0), missing (1), complete (2). A complete book is one whose
// readiness count (questions_ready, migration 0017) reaches its segments: no probe needed.
const availableSql = sql`case when b.questions_complete then b.expected_segments else
  (select count(distinct q.segment)::int from reading_questions q
   where q.book_id = b.id and q.segment <= b.expected_segments and q.status = 'approved') end`;

const pageStatement = preparedStatement<{ limit: number; offset: number }, StatusRow>(
  'admin_segment_status_page',
  (p) => sql`with s as (
     select b.id, b.slug, b.title, b.author, b.expected_segments, ${availableSql} as available
     from books b),
   ranked as (
     select s.*, case when s.available = 0 then 1 when s.available >= s.expected_segments then 2
       else 0 end as rank, count(*) over ()::int as total
     from s order by rank, s.title, s.id limit ${p.limit}::int offset ${p.offset}::int)
   select r.id, r.slug, r.title, r.author, r.expected_segments, r.available, r.total,
     array(select n from generate_series(1, r.expected_segments) n
           where not exists (select 1 from reading_questions q
             where q.book_id = r.id and q.segment = n and q.status = 'approved')
           order by n) as missing
   from ranked r order by r.rank, r.title, r.id`,
);

export function createAdminSegmentsRepository({ db }: { db: Db }) {
  return {
    async page(page: number): Promise<SegmentStatusPage> {
      const rows = await pageStatement(db, {
        limit: ADMIN_BOOKS_PAGE_SIZE,
        offset: (page - 1) * ADMIN_BOOKS_PAGE_SIZE,
      });
      const total = rows[0]?.total ?? 0;
      return {
        items: rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          title: row.title,
          author: row.author,
          expectedSegments: row.expected_segments,
          availableQuestions: row.available,
          missingSegments: row.missing,
          status: segmentStatus(row.available, row.expected_segments),
        })),
        total,
        page,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_BOOKS_PAGE_SIZE)),
      };
    },
  };
}
