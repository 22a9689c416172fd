import { type SQLWrapper, sql } from 'drizzle-orm';
import type { ReadingStatus } from '../../../domain/segments';
import type { Db } from '../../db/client';
import { type Executor, type Params, preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { booksSql } from '../books';
import { type FriendColumns, friendsSql } from '../friends';
import { rateLimitsSql } from '../rate-limits';
import { readingSql } from '../reading';
import { type RecordRow, recordSql, rewardsSql, toRecord, xpSql } from '../rewards';
import { analyticsEvents } from './validation.table';

type Ids = { userId: string; bookId: string };

/** Timestamps come back as strings from node-postgres (drizzle's parsers) and as Dates from PGlite. */
const toDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

type SegmentRow = {
  hit_count: number | null;
  hit_retry_ms: number | null;
  expected_segments: number | null;
  total_pages: number | null;
  is_published: boolean | null;
  progress_id: string | null;
  status: ReadingStatus | null;
  segments_validated: number | null;
  current_page: number | null;
  wrong_count: number | null;
  locked_until: Date | string | null;
  attempts_token: string | null;
  jokers_used: number;
  question_id: string | null;
  question_answer: string | null;
};

/** A rate-limit hit counted by the answer's first statement. */
export type RateLimitHit = { count: number; retryAfterMs: number };

/** Everything an answer or a joker decides on, read with the reader's progress row locked. */
export type SegmentSnapshot = {
  book: { expectedSegments: number; totalPages: number; isPublished: boolean };
  progress: {
    id: string;
    status: ReadingStatus;
    segmentsValidated: number;
    currentPage: number;
  } | null;
  attempts: { wrongCount: number; lockedUntil: Date | null } | null;
  /** The attempts row version (xmin) and joker count seen, checked again by the writes. */
  token: { attempts: string; jokersUsed: number };
  jokersUsed: number;
  question: { id: string; answer: string } | null;
};

type ProgressRow = RecordRow &
  FriendColumns & {
    validation_id: string;
    validated_at: Date | string;
    status: ReadingStatus;
    segments_validated: number;
    current_page: number;
    started_at: Date | string | null;
    completed_at: Date | string | null;
    updated_at: Date | string;
    xp: number;
    xp_before: number;
  };

type Token = {
  userId: string;
  bookId: string;
  segment: number;
  attempts: string;
  jokersUsed: number;
};

// Both writes change nothing unless the reader's attempts row on the segment and their joker
// count on the book are still what the read saw (the row version and the count): see lockSegment.
const unchanged = (p: Params<Token>) => sql`
  select 1 where coalesce((select xmin::text from validation_attempts
      where user_id = ${p.userId} and book_id = ${p.bookId} and segment = ${p.segment}::int), '') = ${p.attempts}::text
    and ${readingSql.jokersUsed({ userId: p.userId, bookId: p.bookId })} = ${p.jokersUsed}::int`;

/**
 * The reader's question in the segment's pool (decision 045), as the lateral `q` (`id`,
 * `question`, `answer`, `assigned`): the one assigned to them if it is still in the pool, else
 * the first in an order of the pool that is the reader's own (a hash of their id and the
 * question's), so the quiz and the answer agree before the assignment is written, and two
 * readers rarely share a question.
 */
const poolQuestion = (p: { userId: SQLWrapper; bookId: SQLWrapper; segment: SQLWrapper }) =>
  sql`lateral (select q.id, q.question, q.answer, qa.question_id is not null as assigned
     from ${booksSql.pool({ bookId: p.bookId, segment: p.segment })} q
     left join question_assignments qa on qa.user_id = ${p.userId} and qa.book_id = ${p.bookId}
       and qa.segment = ${p.segment} and qa.question_id = q.id
     order by qa.question_id is null, md5(${p.userId}::text || q.id::text)
     limit 1) q on true`;

// `countHit`: whether to count a rate-limit hit on `hitKey` in a window of `hitSeconds` (the
// first read of a request does, with the answer's transaction).
const lockSegment = preparedStatement<
  Ids & { segment: number; countHit: boolean; hitKey: string; hitSeconds: number },
  SegmentRow
>('answer_lock_segment', (p) => {
  const hit = rateLimitsSql.hit({
    key: p.hitKey,
    seconds: p.hitSeconds,
    when: sql`${p.countHit}::boolean`,
  });
  return sql`with hit as (${hit})
   select hit.count as hit_count, hit.retry_ms as hit_retry_ms,
     b.expected_segments, b.total_pages, b.is_published,
     p.id as progress_id, p.status, p.segments_validated, p.current_page,
     a.wrong_count, a.locked_until, a.xmin::text as attempts_token,
     ${readingSql.jokersUsed({ userId: p.userId, bookId: p.bookId })} as jokers_used,
     q.id as question_id, q.answer as question_answer
   from (select 1) one
   left join hit on true
   left join ${readersSql.locked(p.userId)} reader on true
   left join ${booksSql.join({ alias: 'b', id: p.bookId, condition: sql`reader.id is not null` })}
   left join lateral ${readingSql.lockedProgress({ userId: sql`reader.id`, bookId: sql`b.id` })} p on true
   left join validation_attempts a on a.user_id = ${p.userId} and a.book_id = ${p.bookId} and a.segment = ${p.segment}::int
   left join ${poolQuestion({ userId: sql`${p.userId}::uuid`, bookId: sql`b.id`, segment: sql`${p.segment}::int` })}`;
});

const createProgress = preparedStatement<Ids, never>('answer_create_progress', (p) =>
  readingSql.createProgress({ userId: p.userId, bookId: p.bookId }),
);

const recordWrong = preparedStatement<
  Token & { wrongCount: number; lockedUntil: Date | null },
  { applied: number }
>(
  'answer_record_wrong',
  (p) => sql`with a as (
     insert into validation_attempts (user_id, book_id, segment, wrong_count, locked_until)
     select ${p.userId}::uuid, ${p.bookId}::uuid, ${p.segment}::int, ${p.wrongCount}::int, ${p.lockedUntil}::timestamptz from (${unchanged(p)}) same
     on conflict (user_id, book_id, segment) do update set
       wrong_count = excluded.wrong_count, locked_until = excluded.locked_until, updated_at = now()
     returning 1)
   select count(*)::int as applied from a`,
);

const recordValidation = preparedStatement<
  Token & {
    progressId: string;
    questionId: string;
    answer: string | null;
    usedJoker: boolean;
    wrongAnswers: number;
    page: number;
    status: ReadingStatus;
    now: Date;
    xp: number;
  },
  ProgressRow
>(
  'answer_record_validation',
  (p) => sql`with v as (${readingSql.insertValidation({
    userId: p.userId,
    bookId: p.bookId,
    progressId: p.progressId,
    segment: p.segment,
    questionId: p.questionId,
    answer: p.answer,
    usedJoker: p.usedJoker,
    wrongAnswers: p.wrongAnswers,
    guard: unchanged(p),
  })}),
   p as (${readingSql.advanceProgress({
     progressId: p.progressId,
     segment: p.segment,
     page: p.page,
     status: p.status,
     now: p.now,
     cte: 'v',
   })}),
   x as (${xpSql.grant({
     userId: p.userId,
     sourceKey: sql`'segment:' || ${p.bookId}::uuid || ':' || ${p.segment}::int`,
     reason: sql`'validation'`,
     amount: p.xp,
     from: sql`v where ${p.xp}::int > 0`,
   })}),
   d as (
     delete from validation_attempts
     where user_id = ${p.userId} and book_id = ${p.bookId} and segment = ${p.segment}::int and exists (select 1 from v))
   , ${recordSql.ctes({ userId: p.userId, at: sql`now()` })},
   ${friendsSql.afterValidation({ readerId: p.userId, validations: sql`v` })}
   select v.id as validation_id, v.validated_at, p.*, coalesce((select sum(amount) from x), 0)::int as xp,
     ${rewardsSql.xpTotal(p.userId)} as xp_before,
     ${recordSql.columns({ userId: p.userId })},
     ${friendsSql.afterValidationColumns()}
   from v, p, rec_u`,
);

type ReadRow = {
  expected_segments: number | null;
  total_pages: number | null;
  is_published: boolean | null;
  segments_validated: number | null;
  wrong_count: number | null;
  locked_until: Date | string | null;
  jokers_used: number;
  question_id: string | null;
  question: string | null;
  assigned: boolean | null;
};

// `segment` asked (null: the reader's next one). Read without locks, for the book page's
// state and the quiz's question; never the answer.
const readSegment = preparedStatement<Ids & { segment: number | null }, ReadRow>(
  'validation_read_segment',
  (p) => sql`select b.expected_segments, b.total_pages, b.is_published, p.segments_validated,
     a.wrong_count, a.locked_until,
     ${readingSql.jokersUsed({ userId: p.userId, bookId: p.bookId })} as jokers_used,
     q.id as question_id, q.question, q.assigned
   from (select 1) one
   left join ${booksSql.join({ alias: 'b', id: p.bookId })}
   left join lateral ${readingSql.progress({ userId: p.userId, bookId: sql`b.id` })} p on true
   left join validation_attempts a on a.user_id = ${p.userId} and a.book_id = ${p.bookId} and a.segment =
     coalesce(${p.segment}::int, least(coalesce(p.segments_validated, 0), b.expected_segments) + 1)
   left join ${poolQuestion({ userId: sql`${p.userId}::uuid`, bookId: sql`b.id`, segment: sql`${p.segment}::int` })}`,
);

// Keeps the question a reader was shown (decision 045): a row left by a question that has
// since left the pool is replaced.
const assign = preparedStatement<Ids & { segment: number; questionId: string }, never>(
  'validation_assign_question',
  (p) => sql`insert into question_assignments (user_id, book_id, segment, question_id)
   values (${p.userId}::uuid, ${p.bookId}::uuid, ${p.segment}::int, ${p.questionId}::uuid)
   on conflict (user_id, book_id, segment) do update
     set question_id = excluded.question_id, created_at = now()`,
);

/** What the book page and the quiz show of a segment, read in one statement. */
export type SegmentView = {
  book: { expectedSegments: number; totalPages: number; isPublished: boolean };
  validated: number;
  attempts: { wrongCount: number; lockedUntil: Date | null } | null;
  jokersUsed: number;
  /** `assigned`: kept for the reader already (else `assign` keeps it). */
  question: { id: string; question: string; assigned: boolean } | null;
};

function toSnapshot(row: SegmentRow): SegmentSnapshot {
  const jokersUsed = Number(row.jokers_used);
  return {
    book: {
      expectedSegments: Number(row.expected_segments),
      totalPages: Number(row.total_pages),
      isPublished: row.is_published === true,
    },
    progress:
      row.progress_id === null
        ? null
        : {
            id: row.progress_id,
            status: row.status ?? 'to_read',
            segmentsValidated: Number(row.segments_validated),
            currentPage: Number(row.current_page),
          },
    attempts:
      row.wrong_count === null
        ? null
        : { wrongCount: Number(row.wrong_count), lockedUntil: toDate(row.locked_until) },
    token: { attempts: row.attempts_token ?? '', jokersUsed },
    jokersUsed,
    question:
      row.question_id === null || row.question_answer === null
        ? null
        : { id: row.question_id, answer: row.question_answer },
  };
}

/** The few statements of the answer path, each doing what used to take several round trips. */
export const validationRepository = {
  /**
   * Counts the request's rate-limit hit if asked, locks the reader's row, then their progress
   * row on the book, and reads, in the same statement, the book, the attempts on `segment`,
   * the jokers used and the question. The snapshot is null when the book does not exist;
   * its `progress` null when the reader has no row yet. The reader
   * lock (always taken first) makes one reader's validations on different books queue, so
   * the rewards record read by the write sees every one committed before it.
   *
   * The attempts and joker figures come from the statement's snapshot, taken before a wait
   * for the lock, so they may predate the transaction that held it: the writes below check
   * them again (token) and change nothing if they moved; the caller then reads again.
   */
  async lockSegment(
    tx: Executor,
    ids: Ids,
    segment: number,
    hit: { key: string; windowMs: number } | null,
  ): Promise<{ hit: RateLimitHit | null; snapshot: SegmentSnapshot | null }> {
    const [row] = await lockSegment(tx, {
      ...ids,
      segment,
      countHit: hit !== null,
      hitKey: hit?.key ?? '',
      hitSeconds: (hit?.windowMs ?? 0) / 1000,
    });
    const counted =
      row?.hit_count == null
        ? null
        : { count: Number(row.hit_count), retryAfterMs: Number(row.hit_retry_ms) };
    if (!row || row.expected_segments === null) return { hit: counted, snapshot: null };
    return { hit: counted, snapshot: toSnapshot(row) };
  },

  /**
   * The book, the reader's validated count, the attempts on `segment` (null: on the next
   * segment), the jokers used and the segment's question, without its answer. Null when
   * the book does not exist.
   */
  async readSegment(
    executor: Executor,
    ids: Ids,
    segment: number | null,
  ): Promise<SegmentView | null> {
    const [row] = await readSegment(executor, { ...ids, segment });
    if (!row || row.expected_segments === null) return null;
    return {
      book: {
        expectedSegments: Number(row.expected_segments),
        totalPages: Number(row.total_pages),
        isPublished: row.is_published === true,
      },
      validated: Number(row.segments_validated ?? 0),
      attempts:
        row.wrong_count === null
          ? null
          : { wrongCount: Number(row.wrong_count), lockedUntil: toDate(row.locked_until) },
      jokersUsed: Number(row.jokers_used),
      question:
        row.question_id === null || row.question === null
          ? null
          : { id: row.question_id, question: row.question, assigned: row.assigned === true },
    };
  },

  /** Keeps `questionId` as the question the reader is asked on `segment` of the book. */
  async assign(executor: Executor, ids: Ids, segment: number, questionId: string): Promise<void> {
    await assign(executor, { ...ids, segment, questionId });
  },

  /** The analytics of a spent joker: joker_used and answer_revealed. */
  async recordJokerEvents(
    tx: Pick<Db, 'insert'>,
    event: { userId: string; bookId: string; meta: Record<string, unknown> },
  ): Promise<void> {
    await tx.insert(analyticsEvents).values([
      { name: 'joker_used', ...event },
      { name: 'answer_revealed', ...event },
    ]);
  },

  /** Creates the reader's progress row on a published book (a lost race creates nothing). */
  async createProgress(tx: Executor, ids: Ids): Promise<void> {
    await createProgress(tx, ids);
  },

  /** Counts a wrong answer (absolute values decided by the caller); false if the state moved. */
  async recordWrong(
    tx: Executor,
    ids: Ids,
    entry: { segment: number; wrongCount: number; lockedUntil: Date | null },
    token: SegmentSnapshot['token'],
  ): Promise<boolean> {
    const [row] = await recordWrong(tx, {
      userId: ids.userId,
      bookId: ids.bookId,
      segment: entry.segment,
      attempts: token.attempts,
      jokersUsed: token.jokersUsed,
      wrongCount: entry.wrongCount,
      lockedUntil: entry.lockedUntil,
    });
    return Number(row?.applied ?? 0) > 0;
  },

  /**
   * Writes a validated segment in one statement: the validation row, the progress row, the
   * XP ledger row ('validation:<id>') and the end of the attempts. Returns the validation and
   * the progress row as written, or null (nothing written) if the state moved since the read.
   * The same statement reads the reader's rewards record as it was just before these rows
   * (one snapshot): rewards.service withValidation counts the new validation in. It also
   * moves the reader's friend streaks and friend quest (friends.sql.ts, decision 055).
   */
  async recordValidation(
    tx: Executor,
    ids: Ids,
    entry: {
      progressId: string;
      segment: number;
      questionId: string;
      answer: string | null;
      usedJoker: boolean;
      wrongAnswers: number;
      currentPage: number;
      status: ReadingStatus;
      xp: number;
      now: Date;
    },
    token: SegmentSnapshot['token'],
  ) {
    const [row] = await recordValidation(tx, {
      userId: ids.userId,
      bookId: ids.bookId,
      segment: entry.segment,
      attempts: token.attempts,
      jokersUsed: token.jokersUsed,
      progressId: entry.progressId,
      questionId: entry.questionId,
      answer: entry.answer,
      usedJoker: entry.usedJoker,
      wrongAnswers: entry.wrongAnswers,
      page: entry.currentPage,
      status: entry.status,
      now: entry.now,
      xp: entry.xp,
    });
    if (!row) return null;
    return {
      xp: Number(row.xp),
      // Read in the statement's snapshot: without the XP this statement adds.
      xpBefore: Number(row.xp_before),
      record: toRecord(row),
      // The friend streaks and the week's friend quest, moved in the same statement.
      friends: {
        xp: Number(row.friend_xp ?? 0),
        questMet:
          typeof row.friend_quest === 'string' ? JSON.parse(row.friend_quest) : row.friend_quest,
      },
      validation: { id: row.validation_id, validatedAt: toDate(row.validated_at) as Date },
      progress: {
        status: row.status,
        segmentsValidated: Number(row.segments_validated),
        currentPage: Number(row.current_page),
        startedAt: toDate(row.started_at),
        completedAt: toDate(row.completed_at),
        updatedAt: toDate(row.updated_at) as Date,
      },
    };
  },
};
