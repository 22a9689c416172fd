import { adminBooksMessages as m } from '../../../domain/messages/admin';
import type { BookMove } from '../../db/book-moves';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAdminAction } from '../audit';
import { booksBookMove, deleteMergedBook, lockBooksForMerge } from '../books';
import { chatBookMove } from '../chat';
import { circlesBookMove } from '../circles';
import { communityBookMove } from '../community';
import { coversBookMove } from '../covers';
import { discussionsBookMove } from '../discussions';
import { kosyncBookMove } from '../kosync';
import { notificationsBookMove } from '../notifications';
import { readingBookMove } from '../reading';
import { validationBookMove } from '../validation';

/**
 * Every module that keeps rows about a book, in the order a merge moves them. A table added
 * later with a book column must be listed by its module's BookMove here: book-merge.test.ts
 * finds it in the database's catalogue and names it until it is.
 */
export const bookMoves: readonly BookMove[] = [
  validationBookMove,
  readingBookMove,
  booksBookMove,
  chatBookMove,
  circlesBookMove,
  discussionsBookMove,
  communityBookMove,
  notificationsBookMove,
  kosyncBookMove,
  coversBookMove,
];

/**
 * An administrator merges a duplicate into the book to keep (decision 048): in one transaction
 * with both books locked, every module moves its rows, the duplicate is deleted, and the audit
 * trail records it.
 */
export async function mergeBooks(
  db: Db,
  adminId: string,
  from: string,
  into: string,
): Promise<{ id: string; slug: string; title: string }> {
  if (from === into) throw new AppError('VALIDATION_ERROR', m.mergeSame);
  return db.transaction(async (tx) => {
    const locked = await lockBooksForMerge(tx, from, into);
    if (!locked.from || !locked.into) throw new AppError('NOT_FOUND', m.mergeNotFound);
    for (const move of bookMoves) await move.moveBook(tx, from, into);
    await deleteMergedBook(tx, from);
    await recordAdminAction(tx, {
      adminId,
      action: 'book.merge',
      entity: 'book',
      entityId: into,
      before: { merged: locked.from },
      after: { kept: locked.into },
    });
    const { id, slug, title } = locked.into;
    return { id, slug, title };
  });
}
