import { eq } from 'drizzle-orm';
import type {
  AdminBook,
  BookRemoval,
  bookChangesSchema,
  newBookSchema,
} from '../../../domain/admin-books.schemas';
import { adminBooksMessages as m } from '../../../domain/messages/admin';
import { bookSlug } from '../../../domain/slugs';
import type { Db } from '../../db/client';
import { databaseErrorOf } from '../../db/database-error';
import { AppError } from '../../errors';
import { recordAdminAction } from '../audit';
import type { BookReaders } from '../reading';
import {
  type AdminBookRow,
  createAdminBooksRepository,
  type Tx,
  toAdminBook,
} from './admin-books.repository';
import { books } from './books.table';
import { readingQuestions } from './questions.table';

type NewBookData = import('zod').output<typeof newBookSchema>;
type BookChangesData = import('zod').output<typeof bookChangesSchema>;

/** What the audit trail keeps of a book: its editable fields. */
function auditedBook(row: AdminBookRow) {
  return {
    slug: row.slug,
    title: row.title,
    author: row.author,
    totalPages: row.totalPages,
    description: row.description,
    category: row.category,
    tags: row.tags,
    year: row.year,
    isPublished: row.isPublished,
    confirmed: row.confirmed,
  };
}

/**
 * The books tab's writes (docs/architecture.md#back-office, decision 025). Each runs in one
 * transaction with its audit record; the catalogue caches of every process are dropped by migration
 * 0011's NOTIFY triggers on books and reading_questions, so nothing here clears them. A book's
 * question slots are its segments 1…expected_segments, derived from its pages: creating a book or
 * changing its pages changes the slots the questions page lists, with no empty row (an empty
 * question would count as ready for readers).
 */
export function createAdminBooksService({ db, bookReaders }: { db: Db; bookReaders: BookReaders }) {
  const repository = createAdminBooksRepository({ db });

  const mustFind = async (tx: Tx, id: string) => {
    const row = await repository.find(tx, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', m.bookNotFound);
    return row;
  };

  return {
    page: repository.page,

    async get(id: string): Promise<AdminBook> {
      const row = await repository.find(db, id);
      if (!row) throw new AppError('NOT_FOUND', m.bookNotFound);
      return toAdminBook(row);
    },

    async create(adminId: string, input: NewBookData): Promise<AdminBook> {
      const slug = bookSlug(input.title, input.author);
      if (!slug) throw new AppError('VALIDATION_ERROR', m.slugMissing);
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(books)
            .values({ ...input, slug })
            .returning({ id: books.id });
          if (!created) throw new AppError('INTERNAL', m.addError);
          const row = await mustFind(tx, created.id);
          await recordAdminAction(tx, {
            adminId,
            action: 'book.create',
            entity: 'book',
            entityId: row.id,
            after: auditedBook(row),
          });
          return toAdminBook(row);
        });
      } catch (error) {
        if (databaseErrorOf(error)?.code === '23505')
          throw new AppError('ALREADY_EXISTS', m.slugTaken);
        throw error;
      }
    },

    async update(adminId: string, id: string, changes: BookChangesData): Promise<AdminBook> {
      return db.transaction(async (tx) => {
        const before = await mustFind(tx, id);
        const values = Object.fromEntries(
          Object.entries(changes).filter(([, value]) => value !== undefined),
        ) as BookChangesData;
        if (Object.keys(values).length > 0) {
          await tx.update(books).set(values).where(eq(books.id, id));
        }
        const after = await mustFind(tx, id);
        await recordAdminAction(tx, {
          adminId,
          action: 'book.update',
          entity: 'book',
          entityId: id,
          before: auditedBook(before),
          after: auditedBook(after),
        });
        return toAdminBook(after);
      });
    },

    /** Confirms a book a reader added: it loses its « Ajouté par la communauté » mark. */
    async confirm(adminId: string, id: string): Promise<AdminBook> {
      return db.transaction(async (tx) => {
        const before = await mustFind(tx, id);
        if (before.confirmed) throw new AppError('CONFLICT', m.alreadyConfirmed);
        await tx.update(books).set({ confirmed: true }).where(eq(books.id, id));
        const after = await mustFind(tx, id);
        await recordAdminAction(tx, {
          adminId,
          action: 'book.confirm',
          entity: 'book',
          entityId: id,
          before: auditedBook(before),
          after: auditedBook(after),
        });
        return toAdminBook(after);
      });
    },

    /** How many readers would keep the book from being deleted. */
    async usage(id: string): Promise<{ readers: number }> {
      const row = await repository.find(db, id);
      if (!row) throw new AppError('NOT_FOUND', m.bookNotFound);
      return { readers: await bookReaders(db, id) };
    },

    /**
     * Deletes the book and its questions, unless readers have it in their lists or history:
     * then it is only unpublished (decision 025). The book's row is locked first, so a
     * reader adding it meanwhile waits and then finds it gone or unpublished.
     */
    async remove(adminId: string, id: string): Promise<BookRemoval> {
      return db.transaction(async (tx) => {
        const row = await mustFind(tx, id);
        const readers = await bookReaders(tx, id);
        if (readers > 0) {
          await tx.update(books).set({ isPublished: false }).where(eq(books.id, id));
          await recordAdminAction(tx, {
            adminId,
            action: 'book.unpublish',
            entity: 'book',
            entityId: id,
            before: auditedBook(row),
            after: { ...auditedBook(row), isPublished: false, readers },
          });
          return { outcome: 'unpublished', readers };
        }
        const questions = await tx
          .select({
            segment: readingQuestions.segment,
            question: readingQuestions.question,
            answer: readingQuestions.answer,
          })
          .from(readingQuestions)
          .where(eq(readingQuestions.bookId, id))
          .orderBy(readingQuestions.segment);
        await tx.delete(books).where(eq(books.id, id));
        await recordAdminAction(tx, {
          adminId,
          action: 'book.delete',
          entity: 'book',
          entityId: id,
          before: { ...auditedBook(row), questions },
        });
        return { outcome: 'deleted', readers: 0 };
      });
    },
  };
}

export type AdminBooksService = ReturnType<typeof createAdminBooksService>;
