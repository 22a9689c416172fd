import { and, asc, count, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from './admin-books.repository';
import { books } from './books.table';
import { type QuestionStatus, readingQuestions } from './questions.table';

/** A question the back office writes on a segment. */
export type SegmentQuestionInput = { segment: number; question: string; answer: string };

/**
 * Writes the back office's questions, one per segment, in one statement: each rewrites the
 * segment's first approved question (the oldest) or, when the pool is empty, becomes it. The
 * other questions of a pool (decision 045) are left as they are.
 */
export async function writeFirstQuestions(
  tx: Pick<Db, 'execute'>,
  bookId: string,
  rows: SegmentQuestionInput[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.segment}::int, ${r.question}::text, ${r.answer}::text)`),
    sql`, `,
  );
  await tx.execute(sql`with input(segment, question, answer) as (values ${values}),
    first as (
      select distinct on (q.segment) q.id, q.segment from reading_questions q
      where q.book_id = ${bookId}::uuid and q.status = 'approved'
        and q.segment in (select segment from input)
      order by q.segment, q.created_at, q.id),
    rewritten as (
      update reading_questions q set question = i.question, answer = i.answer, updated_at = now()
      from first f join input i on i.segment = f.segment
      where q.id = f.id
      returning q.segment)
    insert into reading_questions (book_id, segment, question, answer)
    select ${bookId}::uuid, i.segment, i.question, i.answer from input i
    where i.segment not in (select segment from first)`);
}

/** A question on a segment, as the duplicate and pending checks read it. */
export type PoolEntry = { question: string; status: QuestionStatus; authorId: string | null };

/** A proposed question waiting for review, with what its review needs of its book. */
export type PendingQuestion = {
  id: string;
  bookId: string;
  segment: number;
  question: string;
  answer: string;
  location: string | null;
  authorId: string | null;
  status: QuestionStatus;
  updatedAt: Date;
  book: { slug: string; title: string; totalPages: number };
};

const proposalColumns = {
  id: readingQuestions.id,
  bookId: readingQuestions.bookId,
  segment: readingQuestions.segment,
  question: readingQuestions.question,
  answer: readingQuestions.answer,
  location: readingQuestions.location,
  authorId: readingQuestions.authorId,
  status: readingQuestions.status,
  updatedAt: readingQuestions.updatedAt,
  book: { slug: books.slug, title: books.title, totalPages: books.totalPages },
};

/**
 * The questions readers propose and review (decision 045), as the contributions module writes
 * them: this module owns `reading_questions`, so every statement on it is here.
 */
export const questionProposals = {
  /** What the answer-in-book check reads of a published book; null when there is none. */
  async bookTexts(tx: Tx, bookId: string) {
    const [row] = await tx
      .select({ title: books.title, author: books.author, description: books.description })
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.isPublished, true)));
    return row ?? null;
  },

  /** The segment's questions but rejected ones. */
  async segmentPool(tx: Tx, bookId: string, segment: number): Promise<PoolEntry[]> {
    return tx
      .select({
        question: readingQuestions.question,
        status: readingQuestions.status,
        authorId: readingQuestions.authorId,
      })
      .from(readingQuestions)
      .where(
        and(
          eq(readingQuestions.bookId, bookId),
          eq(readingQuestions.segment, segment),
          ne(readingQuestions.status, 'rejected'),
        ),
      );
  },

  /** Questions the reader proposed since `since` (the daily limit). */
  async proposedSince(tx: Tx, authorId: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(readingQuestions)
      .where(and(eq(readingQuestions.authorId, authorId), gte(readingQuestions.createdAt, since)));
    return Number(row?.n ?? 0);
  },

  /** Stores a reader's question, pending review; answers its id. */
  async insert(
    tx: Tx,
    q: { bookId: string; segment: number; authorId: string } & ProposalText,
  ): Promise<string> {
    const [row] = await tx
      .insert(readingQuestions)
      .values({ ...q, status: 'pending' })
      .returning({ id: readingQuestions.id });
    if (!row) throw new Error('question not stored');
    return row.id;
  },

  /** A pending question, locked until the transaction ends (reviews of it queue); else null. */
  async lockPending(tx: Tx, id: string): Promise<PendingQuestion | null> {
    const [row] = await tx
      .select(proposalColumns)
      .from(readingQuestions)
      .innerJoin(books, eq(books.id, readingQuestions.bookId))
      .where(and(eq(readingQuestions.id, id), eq(readingQuestions.status, 'pending')))
      .for('update', { of: readingQuestions });
    return row ?? null;
  },

  /** A reviewer's correction of a pending question. */
  async edit(tx: Tx, id: string, text: ProposalText): Promise<void> {
    await tx
      .update(readingQuestions)
      .set({ ...text, updatedAt: new Date() })
      .where(eq(readingQuestions.id, id));
  },

  /** Publishes a question in its segment's pool, or refuses it with a reason code. */
  async decide(
    tx: Tx,
    id: string,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string },
  ): Promise<void> {
    await tx
      .update(readingQuestions)
      .set({
        status: decision.status,
        rejectionReason: decision.status === 'rejected' ? decision.reason : null,
        reviewedAt: new Date(),
      })
      .where(eq(readingQuestions.id, id));
  },

  /**
   * Sends an approved question back to review (decision 047), unless it is the last of its
   * segment's pool; true when it left the pool.
   */
  async retire(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx.execute(sql`update reading_questions q set status = 'pending',
        reviewed_at = null, updated_at = now()
      where q.id = ${id}::uuid and q.status = 'approved'
        and exists (select 1 from reading_questions o where o.book_id = q.book_id
          and o.segment = q.segment and o.status = 'approved' and o.id <> q.id)
      returning q.id`);
    return rows.rows.length > 0;
  },

  /** Approved questions among `ids` (the quality pass's candidates). */
  async approvedAmong(tx: Pick<Db, 'execute'>, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await tx.execute<{ id: string }>(
      sql`select id from reading_questions where status = 'approved'
        and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    );
    return rows.map((r) => r.id);
  },

  /** The ids of a book's questions, approved or waiting (their figures in the back office). */
  async idsOfBook(executor: Db, bookId: string): Promise<string[]> {
    const rows = await executor
      .select({ id: readingQuestions.id })
      .from(readingQuestions)
      .where(and(eq(readingQuestions.bookId, bookId), ne(readingQuestions.status, 'rejected')));
    return rows.map((r) => r.id);
  },

  /** Whether a question exists and is approved (reports are on the pool's questions). */
  async isApproved(tx: Tx, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: readingQuestions.id })
      .from(readingQuestions)
      .where(and(eq(readingQuestions.id, id), eq(readingQuestions.status, 'approved')));
    return row !== undefined;
  },

  /** How many of the reader's questions are published (the badge family). */
  async publishedCount(tx: Tx, authorId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(readingQuestions)
      .where(and(eq(readingQuestions.authorId, authorId), eq(readingQuestions.status, 'approved')));
    return Number(row?.n ?? 0);
  },

  /** The reader's questions on a book waiting for review, by segment. */
  async pendingOf(executor: Db, authorId: string, bookId: string) {
    return executor
      .select({ segment: readingQuestions.segment, question: readingQuestions.question })
      .from(readingQuestions)
      .where(
        and(
          eq(readingQuestions.authorId, authorId),
          eq(readingQuestions.bookId, bookId),
          eq(readingQuestions.status, 'pending'),
        ),
      )
      .orderBy(asc(readingQuestions.segment), asc(readingQuestions.createdAt));
  },
};

/** A question's text as a reader writes it. */
export type ProposalText = { question: string; answer: string; location: string };
