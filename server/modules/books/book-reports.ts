import { and, eq } from 'drizzle-orm';
import { readerBooksMessages as m } from '../../../domain/messages/reader-books';
import type { BookReportInput } from '../../../domain/reader-books.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { bookReports } from './book-reports.table';
import { books } from './books.table';

/**
 * A reader reports a published book (decision 048), once: the back office counts the reports
 * and lists the books reported. A second report by the same reader changes nothing.
 */
export async function reportBook(
  db: Db,
  readerId: string,
  bookId: string,
  input: { reason: BookReportInput['reason']; detail: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [book] = await tx
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.isPublished, true)));
    if (!book) throw new AppError('NOT_FOUND', m.bookNotFound);
    const written = await tx
      .insert(bookReports)
      .values({ bookId, readerId, reason: input.reason, detail: input.detail })
      .onConflictDoNothing()
      .returning({ id: bookReports.id });
    if (written.length === 0) throw new AppError('CONFLICT', m.alreadyReported);
  });
}
