import { and, eq, sql } from 'drizzle-orm';
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
import { readingQuestions } from './questions.table';

type QuestionRow = { segment: number; question: string; answer: string };

/**
 * complete, incomplete or missing (docs/architecture.md#back-office): from the questions of the
 * book's segments.
 */
export function segmentStatus(available: number, expected: number): SegmentStatus {
  if (available === 0) return 'missing';
  return available >= expected ? 'complete' : 'incomplete';
}

/**
 * A book's questions, one per segment: every write is
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
        segment: readingQuestions.segment,
        question: readingQuestions.question,
        answer: readingQuestions.answer,
      })
      .from(readingQuestions)
      .where(eq(readingQuestions.bookId, bookId))
      .orderBy(readingQuestions.segment);

  return {
    /** Every segment 1…expected (a slot, filled or not), then any question past the end. */
    async list(bookId: string): Promise<BookQuestions> {
      const row = await books.find(db, bookId);
      if (!row) throw new AppError('NOT_FOUND', b.bookNotFound);
      const questions = await questionsOf(db, bookId);
      const bySegment = new Map(questions.map((q) => [q.segment, q]));
      const slots: SegmentSlot[] = [];
      for (let n = 1; n <= row.expectedSegments; n++) {
        const q = bySegment.get(n);
        slots.push({
          segment: n,
          ...segmentPages(n, row.totalPages),
          question: q?.question ?? null,
          answer: q?.answer ?? null,
          beyond: false,
        });
      }
      for (const q of questions) {
        if (q.segment > row.expectedSegments) {
          slots.push({ ...q, from: 0, to: 0, beyond: true });
        }
      }
      return {
        book: toAdminBook(row),
        status: segmentStatus(row.questionsAvailable, row.expectedSegments),
        slots,
      };
    },

    /** Writes (or rewrites) one segment's question; the answer comes trimmed, lower-case. */
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
        const [before] = await tx
          .select({ question: readingQuestions.question, answer: readingQuestions.answer })
          .from(readingQuestions)
          .where(and(eq(readingQuestions.bookId, bookId), eq(readingQuestions.segment, segment)));
        await tx
          .insert(readingQuestions)
          .values({ bookId, segment, ...input })
          .onConflictDoUpdate({
            target: [readingQuestions.bookId, readingQuestions.segment],
            set: { question: input.question, answer: input.answer },
          });
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

    /** Removes one segment's question (a slot to fill again, or one past the book's end). */
    async remove(adminId: string, bookId: string, segment: number): Promise<BookQuestions> {
      await db.transaction(async (tx) => {
        const book = await lockedBook(tx, bookId);
        const [removed] = await tx
          .delete(readingQuestions)
          .where(and(eq(readingQuestions.bookId, bookId), eq(readingQuestions.segment, segment)))
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
        if (plan.questions.length > 0) {
          await tx
            .insert(readingQuestions)
            .values(plan.questions.map((q) => ({ bookId, ...q })))
            .onConflictDoUpdate({
              target: [readingQuestions.bookId, readingQuestions.segment],
              set: { question: sql`excluded.question`, answer: sql`excluded.answer` },
            });
        }
        const segments = plan.questions.map((q) => q.segment);
        await recordAdminAction(tx, {
          adminId,
          action: 'questions.import',
          entity: 'book',
          entityId: bookId,
          before: {
            questions: existing.filter((q) => segments.includes(q.segment)),
          },
          after: { format, questions: plan.questions, notices: plan.notices },
        });
        return { imported: plan.questions.length, notices: plan.notices };
      });
    },
  };
}

export type AdminQuestionsService = ReturnType<typeof createAdminQuestionsService>;
