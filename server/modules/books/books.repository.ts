import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { BookCard, BookDetail, Category } from '../../../domain/books.schemas';
import type { Db } from '../../db/client';
import { perExecutor } from '../../db/per-executor';
import { books } from './books.table';
import { escapeLike, isShortWord, searchStatement, searchWords } from './search-statement';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const cardColumns = {
  id: books.id,
  slug: books.slug,
  title: books.title,
  author: books.author,
  category: books.category,
  tags: books.tags,
  totalPages: books.totalPages,
  expectedSegments: books.expectedSegments,
  coverVersion: books.coverVersion,
  year: books.year,
  questionsReady: books.questionsReady,
};

type CardRow = { [K in keyof typeof cardColumns]: (typeof books.$inferSelect)[K] };

/** Cover URLs carry the cover's version, so they can be cached for good. */
export function toCard(row: CardRow): BookCard {
  const { coverVersion, ...rest } = row;
  return {
    ...rest,
    coverUrl: coverVersion ? `/covers/${row.slug}.jpg?v=${coverVersion}` : null,
    coverWebpUrl: coverVersion ? `/covers/${row.slug}.webp?v=${coverVersion}` : null,
  };
}

/** Words of the query, folded like the index (lowercase, no accents) by the database. */
function wordConditions(q: string): SQL[] {
  return searchWords(q).map((word) =>
    isShortWord(word)
      ? // Too short for trigrams: the start of any word of the title or author.
        sql`(${books.searchText} like lisons_fold(${escapeLike(word)}) || '%'
          or ${books.searchText} like '% ' || lisons_fold(${escapeLike(word)}) || '%')`
      : sql`${books.searchText} like '%' || lisons_fold(${escapeLike(word)}) || '%'`,
  );
}

export function createBooksRepository({ db }: { db: Db }) {
  // Named prepared statements: planned once per connection (planning a query on books cost
  // more than running it).
  const detail = (where: SQL) =>
    db
      .select({
        ...cardColumns,
        description: books.description,
        isPublished: books.isPublished,
        communityAdded: sql<boolean>`not ${books.confirmed}`,
        // Table-qualified by hand: drizzle renders a bare column inside a subquery.
        questionsAvailable: sql<number>`(select count(distinct q.segment)::int from reading_questions q
          where q.book_id = "books"."id" and q.status = 'approved')`,
      })
      .from(books)
      .where(where)
      .limit(1);
  const detailById = detail(eq(books.id, sql.placeholder('ref'))).prepare('book_detail_by_id');
  const detailBySlug = detail(eq(books.slug, sql.placeholder('ref'))).prepare(
    'book_detail_by_slug',
  );

  return {
    /**
     * Home search: every word must match title or author. Titles starting with the query
     * rank first, then the query as typed (words side by side), then books ready to validate,
     * then the shortest title and author: the closest match. With `ready`, only books ready
     * to validate. (Trigram similarity ranked much the same but cost 6 µs a
     * match: 27 of the 35 ms of a common word on 100 000 books.)
     */
    async search(q: string, limit: number, options: { ready?: boolean } = {}): Promise<BookCard[]> {
      const words = searchWords(q);
      if (words.length === 0) return [];
      const phrase = words.join(' ');
      const rows = await searchStatement(words)(db, {
        words: words.map(escapeLike),
        phrase: escapeLike(phrase),
        limit,
        ready: options.ready ?? false,
      });
      return rows.map(toCard);
    },

    /**
     * Explore: one category, books ready to validate first then newest first (or by author,
     * or longest first), paged; with `ready`, only books ready to validate. Each order has
     * its index (books.table.ts).
     */
    async explore(options: {
      category: Category;
      q: string;
      page: number;
      pageSize: number;
      sort: 'date' | 'author' | 'pages';
      ready?: boolean;
    }): Promise<{ items: BookCard[]; total: number }> {
      const filters = [eq(books.isPublished, true), eq(books.category, options.category)];
      if (options.ready) filters.push(eq(books.questionsComplete, true));
      // The explore filter applies from 2 characters (docs/architecture.md#search).
      if (options.q.length >= 2) filters.push(...wordConditions(options.q));
      const where = and(...filters);
      const order = {
        date: [desc(books.questionsComplete), desc(books.createdAt), desc(books.id)],
        author: [asc(books.authorFolded), asc(books.title), asc(books.id)],
        pages: [desc(books.totalPages), asc(books.title), asc(books.id)],
      }[options.sort];
      const [rows, [total]] = await Promise.all([
        db
          .select(cardColumns)
          .from(books)
          .where(where)
          .orderBy(...order)
          .limit(options.pageSize)
          .offset((options.page - 1) * options.pageSize),
        db.select({ n: count() }).from(books).where(where),
      ]);
      return { items: rows.map(toCard), total: total?.n ?? 0 };
    },

    /** A book's id, title and whether it is published, by uuid; null if there is none. */
    async findSummary(id: string) {
      const [book] = await db
        .select({ id: books.id, title: books.title, isPublished: books.isPublished })
        .from(books)
        .where(eq(books.id, id));
      return book ?? null;
    },

    /** A book by uuid or slug, with how many segments have a question. */
    async findDetail(ref: string): Promise<BookDetail | null> {
      const [row] = UUID.test(ref)
        ? await detailById.execute({ ref })
        : await detailBySlug.execute({ ref: ref.toLowerCase() });
      if (!row) return null;
      const { description, isPublished, questionsAvailable, communityAdded, ...card } = row;
      return { ...toCard(card), description, isPublished, questionsAvailable, communityAdded };
    },

    /**
     * Published books for the sitemap (server/modules/pages): slug and last change, newest
     * first, at most `limit` (a sitemap holds 50 000 addresses).
     */
    async publishedForSitemap(limit: number): Promise<{ slug: string; updatedAt: Date }[]> {
      return db
        .select({ slug: books.slug, updatedAt: books.updatedAt })
        .from(books)
        .where(eq(books.isPublished, true))
        .orderBy(desc(books.createdAt), desc(books.id))
        .limit(limit);
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;

// What other modules read of the catalogue, as top-level functions taking the database first
// (decision 039): the reads and their named queries are built once per database.
const catalogueOf = perExecutor((db: Db) => createBooksRepository({ db }));

/** A book's summary (id, slug, title, pages…) by id, or null. */
export const findBookSummary = (db: Db, id: string) => catalogueOf(db).findSummary(id);

/** A book's detail by id or slug, published or not, or null. */
export const findBookDetail = (db: Db, ref: string) => catalogueOf(db).findDetail(ref);

/** A page of the catalogue for the explore screen (see explore above). */
export const exploreBooks = (db: Db, options: Parameters<BooksRepository['explore']>[0]) =>
  catalogueOf(db).explore(options);

/** Published books for the sitemap, newest first, at most `limit`. */
export const publishedBooksForSitemap = (db: Db, limit: number) =>
  catalogueOf(db).publishedForSitemap(limit);
