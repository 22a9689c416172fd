import { mayEnterChat } from '../../../domain/chat';
import type { ChatBook } from '../../../domain/chat.schemas';
import { chatMessages as m } from '../../../domain/messages/chat';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findBookDetail } from '../books';
import { hiddenReaderIds } from '../community';
import { findProgress } from '../reading';

// Who may read and write a book's room (docs/architecture.md#live-notifications-and-chat), decided
// on every read, post, report and live subscription: a reader who finished the book, by the reading
// module's own progress (never a cached copy). No progress at all is refused.

/** A room the reader may use: its book, and the readers hidden from them (blocks). */
export type Room = { book: ChatBook; hidden: string[] };

export function createChatAccess({ db }: { db: Db }) {
  /** The room of a book named by slug or id, or the reason the reader may not use it. */
  async function enter(ref: string, readerId: string): Promise<Room | 'unknown' | 'denied'> {
    const found = await findBookDetail(db, ref);
    // An unpublished book is no room to anyone: as unknown.
    if (!found?.isPublished) return 'unknown';
    const book = { id: found.id, slug: found.slug, title: found.title };
    const [progress, hidden] = await Promise.all([
      findProgress(db, { userId: readerId, bookId: book.id }),
      hiddenReaderIds(db, readerId),
    ]);
    return mayEnterChat(progress) ? { book, hidden } : 'denied';
  }

  return {
    /**
     * The room of a book (slug or id) for this reader: 404 'Ce livre n'existe pas.' for an
     * unknown or unpublished book, 403 with the spec's sentence when they have not finished it.
     */
    async room(ref: string, readerId: string): Promise<Room> {
      const room = await enter(ref, readerId);
      if (room === 'unknown') throw new AppError('NOT_FOUND', m.bookNotFound);
      if (room === 'denied') throw new AppError('FORBIDDEN', m.accessDenied);
      return room;
    },

    /** The same decision without an error: null when the reader may not use the room. */
    async mayRead(ref: string, readerId: string): Promise<Room | null> {
      const room = await enter(ref, readerId);
      return typeof room === 'string' ? null : room;
    },
  };
}

export type ChatAccess = ReturnType<typeof createChatAccess>;
