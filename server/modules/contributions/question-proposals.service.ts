import { and, asc, eq, sql } from 'drizzle-orm';
import { levelFromXp } from '../../../domain/levels';
import { fill } from '../../../domain/messages/fill';
import {
  questionProposalsMessages as m,
  rejectionReasons,
} from '../../../domain/messages/question-proposals';
import {
  answerInBook,
  PROPOSALS_PER_DAY,
  REVIEW_PAGE_SIZE,
  type RejectionReason,
  type ReviewVerdict,
  reviewOutcome,
  sameQuestion,
} from '../../../domain/question-proposals';
import type {
  BookContributions,
  ProposalInput,
  ProposalResult,
  ReviewInput,
  ReviewItem,
  ReviewQueue,
  ReviewResult,
} from '../../../domain/question-proposals.schemas';
import { segmentPages } from '../../../domain/segments';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAdminAction } from '../audit';
import { booksSql, type PendingQuestion, questionProposals } from '../books';
import { notify } from '../notifications';
import { readingSql } from '../reading';
import { grantPublishedQuestion, rewardsSql } from '../rewards';
import { segmentProposal, type ValidationTx as Tx } from '../validation';
import {
  type FiguresRow,
  figuresColumns,
  figuresJoin,
  figuresOf,
  toFigures,
} from './question-quality';
import { questionReviews } from './question-reviews.table';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who asks: a reader, who may also be an administrator. */
export type Reviewer = { id: string; isAdmin: boolean };

type QueueRow = FiguresRow & {
  id: string;
  book_id: string;
  segment: number;
  question: string;
  answer: string;
  location: string | null;
  created_at: Date | string;
  slug: string;
  title: string;
  book_author: string;
  total_pages: number;
  approvals: number;
};

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

function toItem(row: QueueRow): ReviewItem {
  return {
    id: row.id,
    book: { id: row.book_id, slug: row.slug, title: row.title, author: row.book_author },
    segment: Number(row.segment),
    ...segmentPages(Number(row.segment), Number(row.total_pages)),
    question: row.question,
    answer: row.answer,
    location: row.location,
    approvals: Number(row.approvals),
    figures: toFigures(row),
    createdAt: iso(row.created_at),
  };
}

/** `<created_at ISO>|<id>`: where the next page of the queue starts. */
function parseCursor(after: string | undefined): { at: string; id: string } | null {
  if (!after) return null;
  const [at, id] = after.split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { at, id };
}

/**
 * Readers write the questions the catalogue lacks and review each other's (decision 045): a
 * proposal counts its segment as read (XP on approval); reviewers are administrators and
 * readers of a level who read that segment; one administrator's verdict, or two readers'
 * approvals with no rejection, publish a question in its segment's pool.
 */
export function createQuestionProposalsService({
  db,
  reviewerLevel,
}: {
  db: Db;
  reviewerLevel: number;
}) {
  const levelOf = async (executor: Pick<Db, 'execute'>, readerId: string) => {
    const { rows } = await executor.execute<{ xp: number }>(
      sql`select ${rewardsSql.xpTotal(sql`${readerId}::uuid`)} as xp`,
    );
    return levelFromXp(Number(rows[0]?.xp ?? 0));
  };
  const hasRead = async (
    executor: Pick<Db, 'execute'>,
    readerId: string,
    q: { bookId: string; segment: number },
  ) => {
    const { rows } = await executor.execute(
      readingSql.validatedSegment({
        userId: sql`${readerId}::uuid`,
        bookId: sql`${q.bookId}::uuid`,
        segment: sql`${q.segment}::int`,
      }),
    );
    return rows.length > 0;
  };

  /** The pending questions the reviewer may review, oldest first (one page past `after`). */
  const queueRows = async (
    reviewer: Reviewer,
    filter: { bookId?: string; after?: string },
    limit: number,
  ): Promise<QueueRow[]> => {
    const cursor = parseCursor(filter.after);
    const me = sql`${reviewer.id}::uuid`;
    // A reader reviews the segments they validated: the statement starts from those (a few
    // hundred rows at most), never from the whole queue.
    const read = reviewer.isAdmin
      ? sql``
      : sql`join ${readingSql.validatedSegments({ userId: me })} v
          on v.book_id = p.book_id and v.segment = p.segment`;
    // The page first, then its figures: computed for the rows shown, never for the queue.
    const { rows } = await db.execute<QueueRow>(sql`select q.*,
        (select count(*)::int from question_reviews r
          where r.question_id = q.id and r.verdict = 'approve') as approvals,
        ${figuresColumns}
      from (select p.id, p.book_id, p.segment, p.question, p.answer, p.location, p.author_id,
          p.created_at, p.slug, p.title, p.book_author, p.total_pages
        from ${booksSql.pendingQuestions()} p ${read}
        where p.author_id is distinct from ${me}
          and not exists (select 1 from question_reviews r where r.question_id = p.id and r.reviewer_id = ${me})
          ${filter.bookId ? sql`and p.book_id = ${filter.bookId}::uuid` : sql``}
          ${cursor ? sql`and (p.created_at, p.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by p.created_at, p.id
        limit ${limit}::int) q
      ${figuresJoin}
      order by q.created_at, q.id`);
    return rows;
  };

  const mayReview = async (executor: Pick<Db, 'execute'>, reviewer: Reviewer) =>
    reviewer.isAdmin || (await levelOf(executor, reviewer.id)) >= reviewerLevel;

  /** Publishes or refuses the question, and tells its author (notification and live channel). */
  const settle = async (
    tx: Tx,
    q: PendingQuestion,
    outcome: 'approved' | 'rejected',
    reason: RejectionReason | null,
  ) => {
    if (outcome === 'approved') {
      await questionProposals.decide(tx, q.id, { status: 'approved' });
    } else {
      await questionProposals.decide(tx, q.id, { status: 'rejected', reason: reason ?? 'error' });
    }
    if (!q.authorId) return;
    const title = q.book.title;
    if (outcome === 'approved') {
      const granted = await grantPublishedQuestion(tx, q.authorId, {
        questionId: q.id,
        bookId: q.bookId,
        segment: q.segment,
        segmentRead: await hasRead(tx, q.authorId, q),
        published: await questionProposals.publishedCount(tx, q.authorId),
      });
      await notify(tx, [
        {
          recipientId: q.authorId,
          type: 'question_approved',
          bookId: q.bookId,
          meta: { msg: fill(m.approvedNotification, { title, xp: String(granted.xp) }) },
          dedupeKey: `question-approved:${q.id}`,
        },
      ]);
    } else {
      const label = rejectionReasons[reason ?? 'error'];
      await notify(tx, [
        {
          recipientId: q.authorId,
          type: 'question_rejected',
          bookId: q.bookId,
          meta: { msg: fill(m.rejectedNotification, { title, reason: label }) },
          dedupeKey: `question-rejected:${q.id}`,
        },
      ]);
    }
  };

  return {
    /**
     * A reader proposes a question on a segment they reached. One transaction, under the
     * reader's lock (validation's segmentProposal): the checks, the question, and the segment
     * counted as read when it had no question.
     */
    async propose(
      readerId: string,
      target: { bookId: string; segment: number },
      input: Required<ProposalInput>,
    ): Promise<ProposalResult> {
      return db.transaction(async (tx) => {
        const book = await questionProposals.bookTexts(tx, target.bookId);
        if (!book) throw new AppError('NOT_FOUND', m.questionNotFound);
        if (answerInBook(input.answer, book)) {
          throw new AppError('VALIDATION_ERROR', m.answerInBook);
        }
        return segmentProposal({
          tx,
          request: { userId: readerId, ...target },
          answer: input.answer,
          write: async () => {
            const since = new Date(Date.now() - DAY_MS);
            if ((await questionProposals.proposedSince(tx, readerId, since)) >= PROPOSALS_PER_DAY) {
              throw new AppError('RATE_LIMITED', m.proposalsPerDay);
            }
            const pool = await questionProposals.segmentPool(tx, target.bookId, target.segment);
            if (pool.some((q) => q.authorId === readerId && q.status === 'pending')) {
              throw new AppError('CONFLICT', m.alreadyPending);
            }
            if (pool.some((q) => sameQuestion(q.question, input.question))) {
              throw new AppError('CONFLICT', m.duplicate);
            }
            return questionProposals.insert(tx, { ...target, authorId: readerId, ...input });
          },
        });
      });
    },

    /** The figures of a book's questions (the back office's questions screen). */
    async figuresOfBook(bookId: string) {
      return figuresOf(db, await questionProposals.idsOfBook(db, bookId));
    },

    /** The reviewer's queue, oldest first; empty below the reviewers' level. */
    async queue(
      reviewer: Reviewer,
      filter: { bookId?: string; after?: string },
    ): Promise<ReviewQueue> {
      if (!(await mayReview(db, reviewer))) return { items: [], next: null };
      const rows = await queueRows(reviewer, filter, REVIEW_PAGE_SIZE + 1);
      const page = rows.slice(0, REVIEW_PAGE_SIZE).map(toItem);
      const last = page.at(-1);
      return {
        items: page,
        next: rows.length > REVIEW_PAGE_SIZE && last ? `${last.createdAt}|${last.id}` : null,
      };
    },

    /**
     * What the book page offers: the reader's next segment (and whether it has a question, or
     * waits for theirs), their pending questions and how many they may review.
     */
    async ofBook(reader: Reviewer, bookId: string): Promise<BookContributions> {
      const validated = sql`coalesce(p.segments_validated, 0)`;
      const { rows } = await db.execute<{
        expected: number | null;
        validated: number;
        has: boolean;
      }>(
        sql`select b.expected_segments as expected, ${validated}::int as validated,
          exists (select 1 from ${booksSql.pool({ bookId: sql`b.id`, segment: sql`${validated} + 1` })} q) as has
        from (select 1) one
        left join ${booksSql.join({ alias: 'b', id: sql`${bookId}::uuid`, condition: sql`b.is_published` })}
        left join lateral ${readingSql.progress({ userId: sql`${reader.id}::uuid`, bookId: sql`b.id` })} p on true`,
      );
      const row = rows[0];
      if (!row || row.expected === null) throw new AppError('NOT_FOUND', m.bookNotFound);
      const done = Number(row.validated) >= Number(row.expected);
      const pending = await questionProposals.pendingOf(db, reader.id, bookId);
      const reviewable = (await mayReview(db, reader))
        ? (await queueRows(reader, { bookId }, 100)).length
        : 0;
      return {
        pending,
        reviewable,
        next: done ? null : { segment: Number(row.validated) + 1, hasQuestion: row.has === true },
      };
    },

    /**
     * A reviewer's verdict, in one transaction with the question locked (reviews of one question
     * queue). A question the reviewer may not review is « not found » to them: its existence
     * and answer stay with its author and eligible reviewers.
     */
    async review(
      reviewer: Reviewer,
      questionId: string,
      input: ReviewInput,
    ): Promise<ReviewResult> {
      return db.transaction(async (tx) => {
        const q = await questionProposals.lockPending(tx, questionId);
        if (!q) throw new AppError('NOT_FOUND', m.questionNotFound);
        if (q.authorId === reviewer.id) throw new AppError('FORBIDDEN', m.ownQuestion);
        const eligible =
          reviewer.isAdmin ||
          ((await levelOf(tx, reviewer.id)) >= reviewerLevel &&
            (await hasRead(tx, reviewer.id, q)));
        if (!eligible) throw new AppError('NOT_FOUND', m.questionNotFound);
        const [already] = await tx
          .select({ id: questionReviews.id })
          .from(questionReviews)
          .where(
            and(
              eq(questionReviews.questionId, questionId),
              eq(questionReviews.reviewerId, reviewer.id),
            ),
          );
        if (already) throw new AppError('CONFLICT', m.alreadyReviewed);

        if (input.verdict === 'approve' && input.edit) {
          await questionProposals.edit(tx, questionId, input.edit);
          // The approvals given so far were of another text: they no longer count.
          await tx
            .delete(questionReviews)
            .where(
              and(
                eq(questionReviews.questionId, questionId),
                eq(questionReviews.verdict, 'approve'),
              ),
            );
        }
        const reason = input.verdict === 'reject' ? input.reason : null;
        await tx.insert(questionReviews).values({
          questionId,
          reviewerId: reviewer.id,
          verdict: input.verdict,
          reason,
          asAdmin: reviewer.isAdmin,
        });
        const reviews = await tx
          .select({
            verdict: questionReviews.verdict,
            asAdmin: questionReviews.asAdmin,
            reason: questionReviews.reason,
          })
          .from(questionReviews)
          .where(eq(questionReviews.questionId, questionId))
          .orderBy(asc(questionReviews.createdAt), asc(questionReviews.id));
        const outcome = reviewOutcome(reviews satisfies ReviewVerdict[]);
        if (reviewer.isAdmin) {
          await recordAdminAction(tx, {
            adminId: reviewer.id,
            action: 'question.review',
            entity: 'question',
            entityId: `${q.book.slug}#${q.segment}`,
            before: { question: q.question, answer: q.answer, location: q.location },
            after: {
              verdict: input.verdict,
              reason,
              ...(input.verdict === 'approve' ? input.edit : {}),
            },
          });
        }
        if (outcome !== 'pending') {
          const lastRejection = reviews.filter((r) => r.verdict === 'reject').at(-1);
          await settle(tx, q, outcome, (lastRejection?.reason as RejectionReason | null) ?? null);
        }
        return { status: outcome };
      });
    },
  };
}

export type QuestionProposalsService = ReturnType<typeof createQuestionProposalsService>;
