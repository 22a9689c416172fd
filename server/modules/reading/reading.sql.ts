import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { booksSql } from '../books';

/**
 * What other modules may compose about readers' progress and validations into their own
 * single statements (docs/architecture.md#modules; decision 009 keeps an answer to four round
 * trips), as drizzle `SQL` composed with named parameters (decision 039):
 * `readingSql.jokersUsed({ userId: p.userId, bookId: p.bookId })`. Arguments are SQL values (a
 * placeholder, a column reference such as sql`reader.id`, another fragment), never numbered
 * text. A fragment's row type, where it has rows, is its `SQL<Row>`.
 */
export const readingSql = {
  /** Jokers the reader spent on the book: their validations made with a joker. */
  jokersUsed: ({ userId, bookId }: { userId: SQLWrapper; bookId: SQLWrapper }) =>
    sql<number>`(select count(*)::int from reading_validations v
      where v.user_id = ${userId} and v.book_id = ${bookId} and v.used_joker)`,

  /** The reader's progress row on the book, locked until the transaction ends. */
  lockedProgress: ({ userId, bookId }: { userId: SQLWrapper; bookId: SQLWrapper }) =>
    sql`(select id, status, segments_validated, current_page from reading_progress
      where user_id = ${userId} and book_id = ${bookId} for update)`,

  /**
   * The segments the reader has validated, as a subquery of `book_id, segment` (by an answer,
   * a joker or a question they proposed, decision 045).
   */
  validatedSegments: ({ userId }: { userId: SQLWrapper }) =>
    sql`(select book_id, segment from reading_validations where user_id = ${userId})`,

  /**
   * A question's answers (decision 047), as a subquery of one row: `answered` (validations
   * made with it, but its author's own), `first_try` (right at the first answer, no joker) and
   * `jokers`.
   */
  questionAnswers: ({ questionId, authorId }: { questionId: SQLWrapper; authorId: SQLWrapper }) =>
    sql`(select count(*)::int as answered,
        count(*) filter (where wrong_answers = 0 and not used_joker)::int as first_try,
        count(*) filter (where used_joker)::int as jokers
      from reading_validations where question_id = ${questionId} and user_id is distinct from ${authorId})`,

  /** Questions validated at least `n` times, as a subquery of `question_id`. */
  questionsAnsweredAtLeast: (n: SQLWrapper) =>
    sql`(select question_id from reading_validations where question_id is not null
      group by question_id having count(*) >= ${n})`,

  /** Whether the reader validated a segment with this question (one row, or none). */
  answeredWith: ({ userId, questionId }: { userId: SQLWrapper; questionId: SQLWrapper }) =>
    sql`select 1 from reading_validations where user_id = ${userId} and question_id = ${questionId}`,

  /** Whether the reader has validated one segment of a book (one row, or none). */
  validatedSegment: (v: { userId: SQLWrapper; bookId: SQLWrapper; segment: SQLWrapper }) =>
    sql`select 1 from reading_validations
      where user_id = ${v.userId} and book_id = ${v.bookId} and segment = ${v.segment}`,

  /** The reader's progress row on the book, read without a lock. */
  progress: ({ userId, bookId }: { userId: SQLWrapper; bookId: SQLWrapper }) =>
    sql`(select segments_validated from reading_progress
      where user_id = ${userId} and book_id = ${bookId})`,

  /** Creates the reader's progress row on a published book (a lost race creates nothing). */
  createProgress: ({ userId, bookId }: { userId: SQLWrapper; bookId: SQLWrapper }) =>
    sql`insert into reading_progress (user_id, book_id)
     select ${userId}::uuid, ${bookId}::uuid from (${booksSql.publishedId(bookId)}) published
     on conflict do nothing`,

  /** A CTE body: inserts the validation when `guard` returns a row; returns id, validated_at. */
  insertValidation: (v: {
    userId: SQLWrapper;
    bookId: SQLWrapper;
    progressId: SQLWrapper;
    segment: SQLWrapper;
    questionId: SQLWrapper;
    answer: SQLWrapper;
    usedJoker: SQLWrapper;
    wrongAnswers: SQLWrapper;
    guard: SQL;
  }) => sql`insert into reading_validations (user_id, book_id, progress_id, segment, question_id, answer, used_joker, wrong_answers)
     select ${v.userId}::uuid, ${v.bookId}::uuid, ${v.progressId}::uuid, ${v.segment}::int, ${v.questionId}::uuid, ${v.answer}::text, ${v.usedJoker}::boolean, ${v.wrongAnswers}::int
     from (${v.guard}) same
     returning id, validated_at`,

  /**
   * A CTE body: moves the progress row to `segment` validated segments when the CTE named
   * `cte` (the validation's) wrote a row; the page never goes back; started and completed
   * dates set once; a book validated while out of the list comes back to it.
   */
  advanceProgress: (p: {
    progressId: SQLWrapper;
    segment: SQLWrapper;
    page: SQLWrapper;
    status: SQLWrapper;
    now: SQLWrapper;
    cte: string;
  }) => sql`update reading_progress set
       segments_validated = ${p.segment}::int,
       current_page = greatest(current_page, ${p.page}::int),
       status = ${p.status}::text,
       started_at = coalesce(started_at, ${p.now}::timestamptz),
       completed_at = case when ${p.status}::text = 'completed' then coalesce(completed_at, ${p.now}::timestamptz) end,
       updated_at = ${p.now}::timestamptz,
       removed_at = null,
       abandoned_at = null
     where id = ${p.progressId} and exists (select 1 from ${sql.identifier(p.cte)})
     returning status, segments_validated, current_page, started_at, completed_at, updated_at`,

  /** The reader's validation times from `since` on (rows of validated_at). */
  validationTimes: ({ userId, since }: { userId: SQLWrapper; since?: SQLWrapper }) =>
    sql<{ validated_at: Date | string }>`select validated_at from reading_validations
     where user_id = ${userId}${since ? sql` and validated_at >= ${since}` : sql``}`,

  /** How many segments the reader validated, in all. */
  validationCount: (userId: SQLWrapper) =>
    sql<number>`(select count(*)::int from reading_validations where user_id = ${userId})`,

  /** When the reader last validated a segment, among validations matching `filter`. */
  lastValidationAt: ({ userId, filter }: { userId: SQLWrapper; filter: SQL }) =>
    sql<
      Date | string | null
    >`(select max(validated_at) from reading_validations where user_id = ${userId} and ${filter})`,

  /**
   * How many of the reader's books have `status`; a book on the 'Abandonné' shelf is not in
   * progress.
   */
  booksWithStatus: ({
    userId,
    status,
  }: {
    userId: SQLWrapper;
    status: 'completed' | 'in_progress';
  }) =>
    sql<number>`(select count(*)::int from reading_progress where user_id = ${userId} and status = ${sql.raw(`'${status}'`)}${
      status === 'in_progress' ? sql` and abandoned_at is null` : sql``
    })`,

  /**
   * Rows (day 'YYYY-MM-DD', pages, segments): what the reader validated per local day in
   * `timeZone`, for validations in [since, until). A segment's pages are 30, or what is left
   * of the book for its last one. Read from the (user, time) index.
   */
  pagesPerDay: (x: {
    userId: SQLWrapper;
    timeZone: SQLWrapper;
    since: SQLWrapper;
    until?: SQLWrapper;
  }) =>
    sql<{
      day: string;
      pages: number;
      segments: number;
    }>`select to_char(v.validated_at at time zone ${x.timeZone}, 'YYYY-MM-DD') as day,
       sum(least(30, greatest(b.total_pages - 30 * (v.segment - 1), 0)))::int as pages,
       count(*)::int as segments
     from reading_validations v join ${booksSql.join({ alias: 'b', id: sql`v.book_id` })}
     where v.user_id = ${x.userId} and v.validated_at >= ${x.since}${
       x.until ? sql` and v.validated_at < ${x.until}` : sql``
     }
     group by 1`,

  /** Rows (category, books): the reader's listed books with a validated segment, by category. */
  booksByCategory: (userId: SQLWrapper) =>
    sql<{ category: string; books: number }>`select b.category, count(*)::int as books
     from reading_progress p join ${booksSql.join({ alias: 'b', id: sql`p.book_id` })}
     where p.user_id = ${userId} and p.removed_at is null and p.segments_validated > 0
     group by b.category order by 2 desc, 1`,

  /**
   * Rows (book_id, slug, title, pages_left): the reader's books in progress (listed, not
   * abandoned), most recently read first.
   */
  booksInProgress: (userId: SQLWrapper) =>
    sql<{
      book_id: string;
      slug: string;
      title: string;
      pages_left: number;
    }>`select p.book_id, b.slug, b.title, greatest(b.total_pages - p.current_page, 0)::int as pages_left
     from reading_progress p join ${booksSql.join({ alias: 'b', id: sql`p.book_id` })}
     where p.user_id = ${userId} and p.status = 'in_progress' and p.removed_at is null
       and p.abandoned_at is null
     order by p.updated_at desc limit 12`,

  /** How many books the reader finished in [since, until) (timestamptz values). */
  booksFinishedBetween: (x: { userId: SQLWrapper; since: SQLWrapper; until: SQLWrapper }) =>
    sql<number>`(select count(*)::int from reading_progress where user_id = ${x.userId}
      and status = 'completed' and completed_at >= ${x.since} and completed_at < ${x.until})`,

  /** The category the reader validated the most segments of in [since, until), or null. */
  favouriteCategory: (x: { userId: SQLWrapper; since: SQLWrapper; until: SQLWrapper }) =>
    sql<string | null>`(select b.category from reading_validations v
      join ${booksSql.join({ alias: 'b', id: sql`v.book_id` })}
      where v.user_id = ${x.userId} and v.validated_at >= ${x.since} and v.validated_at < ${x.until}
      group by b.category order by count(*) desc, b.category limit 1)`,

  /** Pages the reader has read, over every book of their list. */
  pagesRead: (userId: SQLWrapper) =>
    sql<number>`(select coalesce(sum(p.current_page), 0)::int from reading_progress p where p.user_id = ${userId})`,

  /** How many categories the reader validated segments in. */
  categoriesRead: (userId: SQLWrapper) =>
    sql<number>`(select count(distinct b.category)::int from reading_validations v
      join (${booksSql.categories()}) b on b.id = v.book_id where v.user_id = ${userId})`,

  /**
   * Other readers of the reader's books, for the community's suggestions: the `readers` most
   * recent readers of each of the reader's `books` most recently touched books (both bounded,
   * each read in the order of an index: (user_id, updated_at) and (book_id, updated_at), whence
   * 'desc nulls last').
   */
  readersOfBooks: ({
    userId,
    books,
    readers,
  }: {
    userId: SQLWrapper;
    books: number;
    readers: number;
  }) =>
    sql<{
      user_id: string;
      shared: number;
      at: Date | string;
    }>`select r.user_id, count(*)::int as shared, max(r.updated_at) as at
     from (select book_id from reading_progress
           where user_id = ${userId} and removed_at is null
           order by updated_at desc nulls last limit ${sql.raw(String(Math.trunc(books)))}) mine
     cross join lateral (
       select p.user_id, p.updated_at from reading_progress p
       where p.book_id = mine.book_id and p.user_id <> ${userId} and p.removed_at is null
       order by p.updated_at desc nulls last limit ${sql.raw(String(Math.trunc(readers)))}) r
     group by r.user_id`,
};
