import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * What other modules may compose about answers under way (decision 039): the attempts of
 * readers who were asked a question of a pool and have not validated yet (decision 047).
 */
export const validationSql = {
  /** Readers asked this question who answered wrong and have not validated: a count. */
  failingOn: (questionId: SQLWrapper) =>
    sql<number>`(select count(*)::int from validation_attempts a
      join question_assignments qa on qa.user_id = a.user_id and qa.book_id = a.book_id
        and qa.segment = a.segment
      where qa.question_id = ${questionId} and a.wrong_count > 0)`,

  /** Whether the reader was asked this question (one row, or none). */
  askedTo: ({ userId, questionId }: { userId: SQLWrapper; questionId: SQLWrapper }) =>
    sql`select 1 from question_assignments where user_id = ${userId} and question_id = ${questionId}`,

  /** Questions that at least `n` readers are failing, as a subquery of `question_id`. */
  questionsFailedAtLeast: (n: SQLWrapper) =>
    sql`(select qa.question_id from validation_attempts a
      join question_assignments qa on qa.user_id = a.user_id and qa.book_id = a.book_id
        and qa.segment = a.segment
      where a.wrong_count > 0 group by qa.question_id having count(*) >= ${n})`,
};
