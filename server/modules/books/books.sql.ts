import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cardColumns } from './books.repository';
import { books } from './books.table';

/**
 * What other modules may compose about the catalogue into their own statements
 * (docs/architecture.md#modules), as drizzle `SQL` with named parameters
 * (`booksSql.publishedId(p.bookId)`, decision 039): arguments are SQL values (a placeholder, a
 * column, another fragment), never numbered text. Aliases are SQL identifiers. Below, for
 * drizzle queries, the join and columns of a book card.
 */
export const booksSql = {
  /** `books <alias>` joined on its id (and `condition`), for `left join`. */
  join: ({ alias, id, condition }: { alias: string; id: SQLWrapper; condition?: SQL }) =>
    sql`books ${sql.identifier(alias)} on ${sql.identifier(alias)}.id = ${id}${condition ? sql` and ${condition}` : sql``}`,

  /** The book's id if it is published (one row, or none). */
  publishedId: (id: SQLWrapper) =>
    sql<{ id: string }>`select id from books where id = ${id} and is_published`,

  /** Every published book's id, slug, title, author and ISBN-13 (the import matches them). */
  publishedTitles: () =>
    sql<{
      id: string;
      slug: string;
      title: string;
      author: string;
      isbn13: string | null;
    }>`select id, slug, title, author, isbn13 from books where is_published`,

  /** Every book's id and category. */
  categories: () => sql<{ id: string; category: string }>`select id, category from books`,

  /**
   * The pool of one segment of a book (decision 045): its approved questions, as a subquery
   * of `id, question, answer`. The answer stays in the statement that checks it.
   */
  /**
   * Questions readers proposed that wait for review, on published books, with their book, as
   * a subquery (decision 045). `id, book_id, segment, question, answer, location, author_id,
   * created_at, slug, title, book_author, total_pages`.
   */
  pendingQuestions: () =>
    sql`(select q.id, q.book_id, q.segment, q.question, q.answer, q.location, q.author_id,
        q.created_at, b.slug, b.title, b.author as book_author, b.total_pages
      from reading_questions q join books b on b.id = q.book_id
      where q.status = 'pending' and b.is_published)`,

  /** The author of a question (null: the back office's), as a scalar subquery. */
  questionAuthor: (id: SQLWrapper) =>
    sql`(select author_id from reading_questions where id = ${id})`,

  pool: ({ bookId, segment }: { bookId: SQLWrapper; segment: SQLWrapper }) =>
    sql`(select id, question, answer from reading_questions
      where book_id = ${bookId} and segment = ${segment} and status = 'approved')`,
};

/** A book card joined to another module's rows on `bookId` (drizzle's innerJoin arguments). */
export function bookCardJoin(bookId: AnyPgColumn) {
  return [books, eq(books.id, bookId)] as const;
}

/** The card's columns (see toCard), and whether the book is published. */
export const bookCardColumns = { card: cardColumns, isPublished: books.isPublished };
