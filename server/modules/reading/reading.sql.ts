import { booksSql } from '../books/books.sql';

// What other modules may compose about readers' progress and validations into their own
// single statements (docs/architecture.md#modules; decision 009 keeps an answer to four
// round trips). Arguments are SQL expressions, e.g. '$1'.

export const readingSql = {
  /** Jokers the reader spent on the book: their validations made with a joker. */
  jokersUsed: ({ userId, bookId }: { userId: string; bookId: string }) =>
    `(select count(*)::int from reading_validations v
      where v.user_id = ${userId} and v.book_id = ${bookId} and v.used_joker)`,

  /** The reader's progress row on the book, locked until the transaction ends. */
  lockedProgress: ({ userId, bookId }: { userId: string; bookId: string }) =>
    `(select id, status, segments_validated, current_page from reading_progress
      where user_id = ${userId} and book_id = ${bookId} for update)`,

  /** The reader's progress row on the book, read without a lock. */
  progress: ({ userId, bookId }: { userId: string; bookId: string }) =>
    `(select segments_validated from reading_progress
      where user_id = ${userId} and book_id = ${bookId})`,

  /** Creates the reader's progress row on a published book (a lost race creates nothing). */
  createProgress: ({ userId, bookId }: { userId: string; bookId: string }) =>
    `insert into reading_progress (user_id, book_id)
     select ${userId}::uuid, ${bookId}::uuid from (${booksSql.publishedId(bookId)}) published
     on conflict do nothing`,

  /** A CTE body: inserts the validation when `guard` returns a row; returns id, validated_at. */
  insertValidation: (v: {
    userId: string;
    bookId: string;
    progressId: string;
    segment: string;
    questionId: string;
    answer: string;
    usedJoker: string;
    guard: string;
  }) => `insert into reading_validations (user_id, book_id, progress_id, segment, question_id, answer, used_joker)
     select ${v.userId}::uuid, ${v.bookId}::uuid, ${v.progressId}::uuid, ${v.segment}::int, ${v.questionId}::uuid, ${v.answer}::text, ${v.usedJoker}::boolean
     from (${v.guard}) same
     returning id, validated_at`,

  /**
   * A CTE body: moves the progress row to `segment` validated segments when `cte` (the
   * validation's CTE) wrote a row; the page never goes back; started and completed dates set
   * once; a book validated while out of the list comes back to it.
   */
  advanceProgress: (p: {
    progressId: string;
    segment: string;
    page: string;
    status: string;
    now: string;
    cte: string;
  }) => `update reading_progress set
       segments_validated = ${p.segment}::int,
       current_page = greatest(current_page, ${p.page}::int),
       status = ${p.status}::text,
       started_at = coalesce(started_at, ${p.now}::timestamptz),
       completed_at = case when ${p.status}::text = 'completed' then coalesce(completed_at, ${p.now}::timestamptz) end,
       updated_at = ${p.now}::timestamptz,
       removed_at = null
     where id = ${p.progressId} and exists (select 1 from ${p.cte})
     returning status, segments_validated, current_page, started_at, completed_at, updated_at`,

  /** The reader's validation times from `since` on (rows of validated_at). */
  validationTimes: ({ userId, since }: { userId: string; since?: string }) =>
    `select validated_at from reading_validations
     where user_id = ${userId}${since ? ` and validated_at >= ${since}` : ''}`,

  /** How many segments the reader validated, in all. */
  validationCount: (userId: string) =>
    `(select count(*)::int from reading_validations where user_id = ${userId})`,

  /** When the reader last validated a segment, among validations matching `filter`. */
  lastValidationAt: ({ userId, filter }: { userId: string; filter: string }) =>
    `(select max(validated_at) from reading_validations where user_id = ${userId} and ${filter})`,

  /** How many of the reader's books have `status` ('completed', 'in_progress'…). */
  booksWithStatus: ({ userId, status }: { userId: string; status: string }) =>
    `(select count(*)::int from reading_progress where user_id = ${userId} and status = '${status}')`,

  /** Pages the reader has read, over every book of their list. */
  pagesRead: (userId: string) =>
    `(select coalesce(sum(p.current_page), 0)::int from reading_progress p where p.user_id = ${userId})`,

  /** How many categories the reader validated segments in. */
  categoriesRead: (userId: string) =>
    `(select count(distinct b.category)::int from reading_validations v
      join (${booksSql.categories()}) b on b.id = v.book_id where v.user_id = ${userId})`,
};
