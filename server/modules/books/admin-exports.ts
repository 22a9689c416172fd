import { type SQL, sql } from 'drizzle-orm';
import { CSV_BOM, csvLine } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';

// The back office's exports (docs/architecture.md#back-office, decision 025): the catalogue as CSV,
// the books missing questions as CSV, and the whole catalogue with its questions as SQL
// (read_export.sql). Each is an async generator of text chunks read in batches of BATCH
// rows by keyset (never OFFSET, never the whole table in memory), so the server's memory
// stays flat on any catalogue and the reply streams as it is read.

const BATCH = 1000;

const utcText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'`;

/** A batch after the key of the previous batch's last row (null: from the start). */
type Batch = { after: string | null; limit: number };

type BookRow = {
  id: string;
  slug: string;
  title: string;
  author: string;
  description: string;
  category: string;
  tags: string[];
  total_pages: number;
  expected_segments: number;
  year: number | null;
  is_published: boolean;
  available: number;
  created_at: string;
  updated_at: string;
};

const booksBatch = preparedStatement<Batch, BookRow>(
  'admin_export_books',
  (
    p,
  ) => sql`select b.id, b.slug, b.title, b.author, b.description, b.category, b.tags, b.total_pages,
     b.expected_segments, b.year, b.is_published, ${utcText(sql`b.created_at`)} as created_at,
     ${utcText(sql`b.updated_at`)} as updated_at,
     (select count(distinct q.segment)::int from reading_questions q
      where q.book_id = b.id and q.segment <= b.expected_segments and q.status = 'approved') as available
   from books b
   where ${p.after}::uuid is null or b.id > ${p.after}::uuid
   order by b.id limit ${p.limit}::int`,
);

type QuestionRow = {
  id: string;
  book_id: string;
  segment: number;
  question: string;
  answer: string;
  created_at: string;
  updated_at: string;
};

const questionsBatch = preparedStatement<Batch, QuestionRow>(
  'admin_export_questions',
  (
    p,
  ) => sql`select id, book_id, segment, question, answer, ${utcText(sql`created_at`)} as created_at,
     ${utcText(sql`updated_at`)} as updated_at
   from reading_questions
   where status = 'approved' and (${p.after}::uuid is null or id > ${p.after}::uuid)
   order by id limit ${p.limit}::int`,
);

type MissingRow = {
  slug: string;
  title: string;
  author: string;
  expected: number;
  missing: number[];
};

// Books not complete, by slug; their missing segments listed.
const missingBatch = preparedStatement<Batch, MissingRow>(
  'admin_export_missing',
  (p) => sql`select b.slug, b.title, b.author, b.expected_segments as expected,
     array(select n from generate_series(1, b.expected_segments) n
           where not exists (select 1 from reading_questions q
             where q.book_id = b.id and q.segment = n and q.status = 'approved')
           order by n) as missing
   from books b
   where not b.questions_complete and (${p.after}::text is null or b.slug > ${p.after}::text)
   order by b.slug limit ${p.limit}::int`,
);

/** Every row of a keyset-paged statement, batch after batch. */
async function* batches<Row>(
  read: (after: string | null) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}

// ';' separated, for French spreadsheets.
const SEP = ';';

/** The catalogue as CSV (UTF-8 with BOM, ';'), one line per book. */
export async function* catalogueCsv(db: Db): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLine(
    [
      'id',
      'slug',
      'title',
      'author',
      'category',
      'tags',
      'total_pages',
      'expected_segments',
      'questions_available',
      'year',
      'is_published',
      'created_at',
    ],
    SEP,
  )}`;
  for await (const rows of batches(
    (after) => booksBatch(db, { after, limit: BATCH }),
    (r) => r.id,
  )) {
    yield rows
      .map((b) =>
        csvLine(
          [
            b.id,
            b.slug,
            b.title,
            b.author,
            b.category,
            b.tags.join(', '),
            b.total_pages,
            b.expected_segments,
            b.available,
            b.year,
            b.is_published,
            b.created_at,
          ],
          SEP,
        ),
      )
      .join('');
  }
}

/** The books whose segments are not all covered, with the missing ones (CSV). */
export async function* missingSegmentsCsv(db: Db): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLine(
    ['slug', 'title', 'author', 'expected_segments', 'missing_count', 'missing_segments'],
    SEP,
  )}`;
  for await (const rows of batches(
    (after) => missingBatch(db, { after, limit: BATCH }),
    (r) => r.slug,
  )) {
    yield rows
      .map((b) =>
        csvLine(
          [b.slug, b.title, b.author, b.expected, b.missing.length, b.missing.join(' ')],
          SEP,
        ),
      )
      .join('');
  }
}

/** A SQL string literal (standard_conforming_strings on: only quotes are doubled). */
export function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

const sqlTags = (tags: string[]) =>
  tags.length === 0 ? `'{}'::text[]` : `array[${tags.map(sqlText).join(', ')}]::text[]`;

/**
 * read_export.sql: the catalogue and its questions as plain INSERTs in one transaction, to
 * restore into an empty Lisons database (migrated, no book): psql -f read_export.sql.
 * Computed columns (segments, search folding, readiness) are not written: the target
 * computes them. Covers are images, not part of it.
 */
export async function* catalogueSql(db: Db, now = new Date()): AsyncGenerator<string> {
  yield [
    `-- Lisons : export du catalogue et des questions (${now.toISOString()})`,
    '-- À restaurer dans une base Lisons vide (migrations appliquées, aucun livre) :',
    '--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f read_export.sql',
    "SET client_encoding = 'UTF8';",
    'SET standard_conforming_strings = on;',
    'BEGIN;',
    '',
  ].join('\n');
  for await (const rows of batches(
    (after) => booksBatch(db, { after, limit: BATCH }),
    (r) => r.id,
  )) {
    yield `INSERT INTO books (id, slug, title, author, description, category, tags, total_pages, year, is_published, created_at, updated_at) VALUES\n${rows
      .map(
        (b) =>
          `(${sqlText(b.id)}, ${sqlText(b.slug)}, ${sqlText(b.title)}, ${sqlText(b.author)}, ${sqlText(b.description)}, ${sqlText(b.category)}, ${sqlTags(b.tags)}, ${b.total_pages}, ${b.year ?? 'NULL'}, ${b.is_published}, ${sqlText(b.created_at)}, ${sqlText(b.updated_at)})`,
      )
      .join(',\n')};\n`;
  }
  // The batches are not one snapshot: a question whose book was added after the books were
  // read is left out at restore rather than failing it.
  for await (const rows of batches(
    (after) => questionsBatch(db, { after, limit: BATCH }),
    (r) => r.id,
  )) {
    yield `INSERT INTO reading_questions (id, book_id, segment, question, answer, created_at, updated_at)\nSELECT v.* FROM (VALUES\n${rows
      .map(
        (q) =>
          `(${sqlText(q.id)}::uuid, ${sqlText(q.book_id)}::uuid, ${q.segment}, ${sqlText(q.question)}, ${sqlText(q.answer)}, ${sqlText(q.created_at)}::timestamptz, ${sqlText(q.updated_at)}::timestamptz)`,
      )
      .join(
        ',\n',
      )}\n) AS v(id, book_id, segment, question, answer, created_at, updated_at)\nWHERE EXISTS (SELECT 1 FROM books b WHERE b.id = v.book_id);\n`;
  }
  yield 'COMMIT;\n';
}
