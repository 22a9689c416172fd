import { and, asc, eq } from 'drizzle-orm';
import type {
  BookQuestions,
  QuestionsImportResult,
  SegmentSlot,
  SegmentStatus,
} from '../../../domain/admin-books.schemas';
import {
  adminBooksMessages as b,
  adminQuestionsMessages as m,
} from '../../../domain/messages/admin';
import { planImport } from '../../../domain/questions-import';
import { segmentPages } from '../../../domain/segments';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAdminAction } from '../audit';
import { createAdminBooksRepository, type Tx, toAdminBook } from './admin-books.repository';
import { writeFirstQuestions } from './question-pool';
import { readingQuestions } from './questions.table';

type QuestionRow = {
  id: string;
  segment: number;
  question: string;
  answer: string;
  byReader: boolean;
};

/**
 * complete, incomplete or missing (docs/architecture.md#back-office): from the questions of the
 * book's segments.
 */
export function segmentStatus(available: number, expected: number): SegmentStatus {
  if (available === 0) return 'missing';
  return available >= expected ? 'complete' : 'incomplete';
}

/**
 * A book's approved questions, a pool per segment (decision 045) whose first (oldest) the back
 * office writes; every write is
 * one transaction with its audit record; the book's row is locked first, so two admins
 * writing the same book queue, and the readiness triggers (migration 0017) count once.
 */
export function createAdminQuestionsService({ db }: { db: Db }) {
  const books = createAdminBooksRepository({ db });

  const lockedBook = async (tx: Tx, id: string) => {
    const row = await books.find(tx, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', b.bookNotFound);
    return row;
  };
  const questionsOf = (executor: Db | Tx, bookId: string): Promise<QuestionRow[]> =>
    executor
      .select({
        id: readingQuestions.id,
        segment: readingQuestions.segment,
        question: readingQuestions.question,
        answer: readingQuestions.answer,
        authorId: readingQuestions.authorId,
      })
      .from(readingQuestions)
      .where(and(eq(readingQuestions.bookId, bookId), eq(readingQuestions.status, 'approved')))
      .orderBy(
        asc(readingQuestions.segment),
        asc(readingQuestions.createdAt),
        asc(readingQuestions.id),
      )
      .then((rows) =>
        rows.map(({ authorId, ...row }) => ({ ...row, byReader: authorId !== null })),
      );

  return {
    /** Every segment 1…expected (a slot, filled or not), then any question past the end. */
    async list(bookId: string): Promise<BookQuestions> {
      const row = await books.find(db, bookId);
      if (!row) throw new AppError('NOT_FOUND', b.bookNotFound);
      const questions = await questionsOf(db, bookId);
      const pools = new Map<number, QuestionRow[]>();
      for (const q of questions) pools.set(q.segment, [...(pools.get(q.segment) ?? []), q]);
      const slot = (segment: number, beyond: boolean): SegmentSlot => {
        const pool = pools.get(segment) ?? [];
        return {
          segment,
          ...(beyond ? { from: 0, to: 0 } : segmentPages(segment, row.totalPages)),
          question: pool[0]?.question ?? null,
          answer: pool[0]?.answer ?? null,
          beyond,
          pool: pool.map(({ id, question, answer, byReader }) => ({
            id,
            question,
            answer,
            byReader,
          })),
        };
      };
      const slots: SegmentSlot[] = [];
      for (let n = 1; n <= row.expectedSegments; n++) slots.push(slot(n, false));
      for (const segment of pools.keys()) {
        if (segment > row.expectedSegments) slots.push(slot(segment, true));
      }
      return {
        book: toAdminBook(row),
        status: segmentStatus(row.questionsAvailable, row.expectedSegments),
        slots,
      };
    },

    /** Writes (or rewrites) one segment's first question; the answer comes trimmed, lower-case. */
    async put(
      adminId: string,
      bookId: string,
      segment: number,
      input: { question: string; answer: string },
    ): Promise<BookQuestions> {
      await db.transaction(async (tx) => {
        const book = await lockedBook(tx, bookId);
        if (segment > book.expectedSegments) {
          throw new AppError('VALIDATION_ERROR', m.segmentOutOfBook);
        }
        const first = (await questionsOf(tx, bookId)).find((q) => q.segment === segment);
        const before = first && { question: first.question, answer: first.answer };
        await writeFirstQuestions(tx, bookId, [{ segment, ...input }]);
        await recordAdminAction(tx, {
          adminId,
          action: before ? 'question.update' : 'question.create',
          entity: 'question',
          entityId: `${book.slug}#${segment}`,
          before: before ?? null,
          after: input,
        });
      });
      return this.list(bookId);
    },

    /**
     * Removes one segment's approved questions, its whole pool (a slot to fill again, or one
     * past the book's end); proposals waiting for review stay in the review queue.
     */
    async remove(adminId: string, bookId: string, segment: number): Promise<BookQuestions> {
      await db.transaction(async (tx) => {
        const book = await lockedBook(tx, bookId);
        const [removed] = await tx
          .delete(readingQuestions)
          .where(
            and(
              eq(readingQuestions.bookId, bookId),
              eq(readingQuestions.segment, segment),
              eq(readingQuestions.status, 'approved'),
            ),
          )
          .returning({ question: readingQuestions.question, answer: readingQuestions.answer });
        if (!removed) return;
        await recordAdminAction(tx, {
          adminId,
          action: 'question.delete',
          entity: 'question',
          entityId: `${book.slug}#${segment}`,
          before: removed,
        });
      });
      return this.list(bookId);
    },

    /**
     * Imports a file's questions, all or nothing (domain/questions-import.ts): every line is
     * checked first, then the questions are written in one statement, replacing those of
     * the same segments.
     */
    async import(
      adminId: string,
      bookId: string,
      format: 'json' | 'csv',
      content: string,
    ): Promise<QuestionsImportResult> {
      return db.transaction(async (tx) => {
        const book = await lockedBook(tx, bookId);
        const existing = await questionsOf(tx, bookId);
        const plan = planImport(format, content, {
          slug: book.slug,
          expected: book.expectedSegments,
          existing: existing.map((q) => q.segment),
        });
        if (!plan.ok) {
          throw new AppError('VALIDATION_ERROR', plan.errors.join('\n'), { errors: plan.errors });
        }
        await writeFirstQuestions(tx, bookId, plan.questions);
        const segments = plan.questions.map((q) => q.segment);
        await recordAdminAction(tx, {
          adminId,
          action: 'questions.import',
          entity: 'book',
          entityId: bookId,
          before: {
            // The first of each segment's pool: the one the import rewrote.
            questions: existing
              .filter(
                (q, i) => segments.includes(q.segment) && existing[i - 1]?.segment !== q.segment,
              )
              .map(({ segment, question, answer }) => ({ segment, question, answer })),
          },
          after: { format, questions: plan.questions, notices: plan.notices },
        });
        return { imported: plan.questions.length, notices: plan.notices };
      });
    },
  };
}

export type AdminQuestionsService = ReturnType<typeof createAdminQuestionsService>;
