import { devicePage, segmentEndPage, segmentToValidate } from '../../../domain/kosync';
import type { DeviceReading } from '../../../domain/kosync.schemas';
import type { Db } from '../../db/client';
import { latestOnBook } from './kosync.repository';

/**
 * The page the reader's KOReader devices reached on a book, for its page (decision 053): the
 * latest position of any document linked to it, in the book's pages, and the segment it
 * invites them to validate (none when the book is not in their list, `validated` null).
 */
export async function deviceReading(
  db: Db,
  p: {
    userId: string;
    book: { id: string; totalPages: number; expectedSegments: number };
    validated: number | null;
  },
): Promise<DeviceReading | null> {
  const row = await latestOnBook(db, { userId: p.userId, bookId: p.book.id });
  if (!row) return null;
  const { totalPages, expectedSegments } = p.book;
  const percentage = Number(row.percentage);
  const page = devicePage(percentage, totalPages);
  const segment =
    p.validated === null
      ? null
      : segmentToValidate({ validated: p.validated, expectedSegments, totalPages, page });
  return {
    page,
    totalPages,
    percentage,
    device: row.device,
    updatedAt: row.at,
    segmentToValidate: segment,
    segmentEndPage: segment === null ? null : segmentEndPage(segment, totalPages),
  };
}
