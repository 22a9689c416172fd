import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_BOOKS_PAGE_SIZE,
  type AdminBook,
  type AdminBooksPage,
  type AdminBooksQuery,
} from '../../../domain/admin-books.schemas';
import type { Db } from '../../db/client';
import { toCard } from './books.repository';
import { books } from './books.table';
import { escapeLike, isShortWord, searchWords } from './search-statement';

// The back office's reads of the catalogue: the whole of it, published or not.

/** A transaction (or the pool): what the admin writes run on. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Questions of the book's own segments (a question past its end, after its pages were
// lowered, does not count). Table-qualified by hand: drizzle renders a bare column inside
// a subquery.
const questionsAvailable = sql<number>`(select count(distinct q.segment)::int from reading_questions q
  where q.book_id = "books"."id" and q.segment <= "books"."expected_segments" and q.status = 'approved')`;

// Readers' reports of the book (decision 048).
const reports = sql<number>`(select count(*)::int from book_reports r where r.book_id = "books"."id")`;

export const adminBookColumns = {
  id: books.id,
  slug: books.slug,
  title: books.title,
  author: books.author,
  description: books.description,
  category: books.category,
  tags: books.tags,
  year: books.year,
  totalPages: books.totalPages,
  expectedSegments: books.expectedSegments,
  isPublished: books.isPublished,
  coverVersion: books.coverVersion,
  questionsReady: books.questionsReady,
  createdAt: books.createdAt,
  isbn13: books.isbn13,
  confirmed: books.confirmed,
  questionsAvailable,
  reports,
};

export type AdminBookRow = {
  [K in keyof typeof adminBookColumns]: K extends 'questionsAvailable' | 'reports'
    ? number
    : (typeof books.$inferSelect)[K & keyof typeof books.$inferSelect];
};

export function toAdminBook(row: AdminBookRow): AdminBook {
  const card = toCard(row);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    description: row.description,
    category: row.category,
    tags: row.tags,
    year: row.year,
    totalPages: row.totalPages,
    expectedSegments: row.expectedSegments,
    isPublished: row.isPublished,
    questionsAvailable: row.questionsAvailable,
    coverUrl: card.coverUrl,
    createdAt: row.createdAt.toISOString(),
    isbn13: row.isbn13,
    communityAdded: !row.confirmed,
    reports: row.reports,
  };
}

/** Every word must match title or author, accents and case aside (as the home search). */
function searchConditions(q: string): SQL[] {
  return searchWords(q).map((word) =>
    isShortWord(word)
      ? sql`(${books.searchText} like lisons_fold(${escapeLike(word)}) || '%'
          or ${books.searchText} like '% ' || lisons_fold(${escapeLike(word)}) || '%')`
      : sql`${books.searchText} like '%' || lisons_fold(${escapeLike(word)}) || '%'`,
  );
}

const orders: Record<AdminBooksQuery['sort'], SQL[]> = {
  created: [sql`${books.createdAt} desc`, sql`${books.id} desc`],
  title: [asc(books.title), asc(books.id)],
  author: [asc(books.authorFolded), asc(books.title), asc(books.id)],
  pages: [desc(books.totalPages), asc(books.title), asc(books.id)],
  // Least covered first: the share of segments that can be validated.
  coverage: [
    sql`${books.questionsReady}::float / ${books.expectedSegments}`,
    asc(books.title),
    asc(books.id),
  ],
};

export function createAdminBooksRepository({ db }: { db: Db }) {
  return {
    /** One page of the admin table: search, published filter, sort; and the matches' count. */
    async page(query: AdminBooksQuery): Promise<AdminBooksPage> {
      const conditions = searchConditions(query.q);
      if (query.published !== 'all') {
        conditions.push(eq(books.isPublished, query.published === 'yes'));
      }
      if (query.origin === 'community') conditions.push(eq(books.confirmed, false));
      if (query.origin === 'reported') {
        conditions.push(sql`exists (select 1 from book_reports r where r.book_id = ${books.id})`);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const offset = (query.page - 1) * ADMIN_BOOKS_PAGE_SIZE;
      const [rows, [counted]] = await Promise.all([
        db
          .select(adminBookColumns)
          .from(books)
          .where(where)
          .orderBy(...orders[query.sort])
          .limit(ADMIN_BOOKS_PAGE_SIZE)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(books).where(where),
      ]);
      const total = counted?.total ?? 0;
      return {
        items: rows.map(toAdminBook),
        total,
        page: query.page,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_BOOKS_PAGE_SIZE)),
      };
    },

    /** One book by id, as the table shows it, or null. */
    async find(executor: Db | Tx, id: string, options: { lock?: boolean } = {}) {
      const base = executor.select(adminBookColumns).from(books).where(eq(books.id, id));
      const [row] = options.lock ? await base.for('update') : await base;
      return row ?? null;
    },
  };
}

export type AdminBooksRepository = ReturnType<typeof createAdminBooksRepository>;
