import { eq, sql } from 'drizzle-orm';
import { questionProposalsMessages as m } from '../../../domain/messages/question-proposals';
import {
  leavesPool,
  QUALITY,
  type QuestionFigures,
  type ReportReason,
} from '../../../domain/question-proposals';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { booksSql, questionProposals } from '../books';
import { PARIS, type ScheduledJob } from '../jobs';
import { readingSql } from '../reading';
import { type ValidationTx as Tx, validationSql } from '../validation';
import { questionReports } from './question-reports.table';
import { questionReviews } from './question-reviews.table';

/**
 * A question's figures as columns of a statement where `q.id` and `q.author_id` are the
 * question's (decision 047): its answers (its author's own proposal left out), the readers
 * failing it so far, and its reports. Needs `figuresJoin` in the FROM clause.
 */
export const figuresColumns = sql`(fa.answered + ${validationSql.failingOn(sql`q.id`)})::int as attempts,
  fa.first_try, fa.jokers,
  (select count(*)::int from question_reports r where r.question_id = q.id) as reports`;
export const figuresJoin = sql`left join lateral ${readingSql.questionAnswers({
  questionId: sql`q.id`,
  authorId: sql`q.author_id`,
})} fa on true`;

export type FiguresRow = { attempts: number; first_try: number; jokers: number; reports: number };

export const toFigures = (row: FiguresRow): QuestionFigures => ({
  attempts: Number(row.attempts),
  firstTry: Number(row.first_try),
  jokers: Number(row.jokers),
  reports: Number(row.reports),
});

/** The figures of the given questions, by id. */
export async function figuresOf(
  executor: Pick<Db, 'execute'>,
  ids: string[],
): Promise<Map<string, QuestionFigures>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await executor.execute<FiguresRow & { id: string }>(
    sql`select q.id, ${figuresColumns}
      from (select ids.qid as id, ${booksSql.questionAuthor(sql`ids.qid`)} as author_id
            from unnest(array[${list}]) as ids(qid)) q
      ${figuresJoin}`,
  );
  return new Map(rows.map((row) => [row.id, toFigures(row)]));
}

/**
 * Sends a question whose figures fail readers back to review (unless it is its pool's last):
 * it leaves the pool, its earlier reviews are cleared (they approved it before its figures),
 * and reviewers see it again with its figures. True when it left.
 */
async function retireIfFailing(tx: Tx, id: string): Promise<boolean> {
  const figures = (await figuresOf(tx, [id])).get(id);
  if (!figures || !leavesPool(figures)) return false;
  if (!(await questionProposals.retire(tx, id))) return false;
  await tx.delete(questionReviews).where(eq(questionReviews.questionId, id));
  return true;
}

/** « Signaler cette question » and the pass that takes failing questions out of their pools. */
export function createQuestionQuality({ db }: { db: Db }) {
  /**
   * The hourly pass: questions answered or failed by at least 20 readers in all are checked,
   * and those under 25 % right at the first try leave their pools. Answers do not pay for it.
   * Answers the number of questions sent back to review.
   */
  const pass = async (): Promise<number> => {
    // 20 first attempts are validations plus readers failing: one of the two is 10 or more.
    const half = sql`${Math.ceil(QUALITY.minFirstAttempts / 2)}::int`;
    const { rows } = await db.execute<{ question_id: string }>(
      sql`select question_id from ${readingSql.questionsAnsweredAtLeast(half)} answered
        union select question_id from ${validationSql.questionsFailedAtLeast(half)} failing`,
    );
    const approved = await questionProposals.approvedAmong(
      db,
      rows.map((r) => r.question_id),
    );
    let retired = 0;
    for (const [id, figures] of await figuresOf(db, approved)) {
      if (!leavesPool(figures)) continue;
      if (await db.transaction((tx) => retireIfFailing(tx, id))) retired += 1;
    }
    return retired;
  };

  return {
    pass,

    /**
     * A reader reports a question they were asked (shown it, or validated with it), once,
     * with a reason; the third report sends it back to review.
     */
    async report(
      readerId: string,
      questionId: string,
      reason: ReportReason,
    ): Promise<{ returnedToReview: boolean }> {
      return db.transaction(async (tx) => {
        const ids = { userId: sql`${readerId}::uuid`, questionId: sql`${questionId}::uuid` };
        if (!(await questionProposals.isApproved(tx, questionId))) {
          throw new AppError('NOT_FOUND', m.questionNotFound);
        }
        const asked = await tx.execute(
          sql`${validationSql.askedTo(ids)} union all ${readingSql.answeredWith(ids)}`,
        );
        if (asked.rows.length === 0) throw new AppError('FORBIDDEN', m.reportNotAsked);
        const written = await tx
          .insert(questionReports)
          .values({ questionId, readerId, reason })
          .onConflictDoNothing()
          .returning({ id: questionReports.id });
        if (written.length === 0) throw new AppError('CONFLICT', m.alreadyReported);
        return { returnedToReview: await retireIfFailing(tx, questionId) };
      });
    },

    /** The pass, hourly (at :41, away from the other hourly schedules). */
    schedule: (): ScheduledJob => ({
      name: 'question-quality',
      cron: '41 * * * *',
      timeZone: PARIS,
      run: async () => {
        await pass();
      },
    }),
  };
}

export type QuestionQuality = ReturnType<typeof createQuestionQuality>;
