import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';

export const bookCategories = ['litterature', 'religion', 'essai', 'bio'] as const;

export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: bookCategories }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    totalPages: integer('total_pages').notNull(),
    // Same rule as domain/segments.ts expectedSegments(): ceil(pages / 30), at least 1.
    expectedSegments: integer('expected_segments')
      .notNull()
      .generatedAlwaysAs(sql`greatest(1, ceil(total_pages / 30.0))::int`),
    // Changes whenever the cover image changes: part of the cover's URL, so browsers may
    // cache covers forever. Null until a cover exists.
    coverVersion: text('cover_version'),
    year: integer('year'),
    // Segments 1, 2, 3… in a row that have a question (capped at the expected segments): how
    // far a reader can validate. Kept by migration 0017's triggers on reading_questions (and
    // on a change of total_pages), so explore can sort and filter on it through an index.
    questionsReady: integer('questions_ready').notNull().default(0),
    // Every segment has its question: the book can be read to the end with Lisons
    // (domain/readiness.ts says the same from the two numbers).
    questionsComplete: boolean('questions_complete')
      .notNull()
      .generatedAlwaysAs(sql`questions_ready >= greatest(1, ceil(total_pages / 30.0))::int`),
    isPublished: boolean('is_published').notNull().default(true),
    // ISBN-13 (an ISBN-10 is converted, domain/isbn.ts): one book per ISBN.
    isbn13: text('isbn13'),
    // A book a reader added (decision 044): readable at once, marked « Ajouté par la communauté »
    // until an administrator confirms it. The catalogue's own books are confirmed.
    addedBy: readerIdColumn('added_by', 'set null'),
    confirmed: boolean('confirmed').notNull().default(true),
    // Folded once at write time (lisons_fold: migration 0002), so search never runs
    // unaccent() per row: the index recheck and the ranking read these columns.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lisons_fold(title || ' ' || author)`),
    titleFolded: text('title_folded').notNull().generatedAlwaysAs(sql`lisons_fold(title)`),
    authorFolded: text('author_folded').notNull().generatedAlwaysAs(sql`lisons_fold(author)`),
    ...timestamps,
  },
  (t) => [
    check('books_total_pages_positive', sql`${t.totalPages} > 0`),
    // Explore: one index per sort, in the query's own order (NULLS FIRST is what a plain DESC
    // means), over published books only, so a page reads 24 index entries instead of sorting
    // the category (bench: 27 ms to under 1 ms a page on 100 000 books) and the category
    // count is an index-only scan. The default sort puts books ready to validate first, and
    // the same index serves the 'ready' filter (an equality on its second column).
    index('books_explore_ready_date_idx')
      .on(
        t.category,
        t.questionsComplete.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.isPublished}`),
    index('books_explore_author_idx')
      .on(t.category, t.authorFolded, t.title, t.id)
      .where(sql`${t.isPublished}`),
    index('books_explore_pages_idx')
      .on(t.category, t.totalPages.desc().nullsFirst(), t.title, t.id)
      .where(sql`${t.isPublished}`),
    // The 'ready' filter under the other two sorts: small indexes over ready books only.
    index('books_explore_ready_author_idx')
      .on(t.category, t.authorFolded, t.title, t.id)
      .where(sql`${t.isPublished} and ${t.questionsComplete}`),
    index('books_explore_ready_pages_idx')
      .on(t.category, t.totalPages.desc().nullsFirst(), t.title, t.id)
      .where(sql`${t.isPublished} and ${t.questionsComplete}`),
    // Accent- and case-insensitive search: trigrams for words of 3 letters or more (shorter
    // ones, rare, scan the folded column). A GiST index was tried for nearest-first order: the
    // planner then chose it for rare words too, 20 times slower than GIN (bench, 100k books).
    index('books_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The back office's table (decision 025) over the whole catalogue, published or not: one index
    // per sort in the query's own order, so a page reads 25 entries instead of sorting every
    // book (bench/admin.ts, 100 000 books: 510 ms to under 3 ms a page).
    uniqueIndex('books_isbn13_idx').on(t.isbn13),
    // A book added twice under the same title and author (accents and case aside) is found
    // before it is added (contributions' duplicate check).
    index('books_title_author_idx').on(t.titleFolded, t.authorFolded),
    // The back office's books awaiting confirmation, oldest first.
    index('books_unconfirmed_idx').on(t.createdAt, t.id).where(sql`not ${t.confirmed}`),
    index('books_admin_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('books_admin_title_idx').on(t.title, t.id),
    index('books_admin_author_idx').on(t.authorFolded, t.title, t.id),
    index('books_admin_pages_idx').on(t.totalPages.desc().nullsFirst(), t.title, t.id),
  ],
);
