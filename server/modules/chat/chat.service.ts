import { CHAT_PAGE_SIZE, CHAT_POSTS_PER_MINUTE, CHAT_REPORTS_PER_HOUR } from '../../../domain/chat';
import type { ChatMessage, ChatPage } from '../../../domain/chat.schemas';
import { chatRoom } from '../../../domain/live';
import { chatMessages as m } from '../../../domain/messages/chat';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAdminAction } from '../audit';
import type { Cursor } from '../community';
import { publishLive } from '../live';
import type { RateLimitsRepository } from '../rate-limits';
import { enforceRateLimits } from '../rate-limits';
import { createChatAccess } from './chat.access';
import { createChatRepository, toChatMessage } from './chat.repository';

/** The administrators' queue shows this many reported messages at most. */
const REPORTS_LIMIT = 200;

/**
 * The finished-book chat's use cases. Access is decided on each call (chat.access.ts); a
 * message's arrival and departure are published to its room in the transaction that makes
 * them true.
 */
export function createChatService({
  db,
  rateLimits,
}: {
  db: Db;
  rateLimits: RateLimitsRepository;
}) {
  const access = createChatAccess({ db });
  const chats = createChatRepository({ db });

  /** A message that exists and is still in its room, else 404. */
  async function liveMessage(id: string) {
    const message = await chats.find(id);
    if (!message || message.removed) throw new AppError('NOT_FOUND', m.messageNotFound);
    return message;
  }

  /**
   * Takes a message out of its room and tells the room; false if it had already left. An
   * administrator's removal of someone's message is in the audit trail (decision 025).
   */
  async function removeFromRoom(
    id: string,
    by: { author: true } | { adminId: string; authorId: string },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const removed = await chats.remove(tx, id, 'adminId' in by ? 'admin' : 'author');
      if (!removed) return false;
      if ('adminId' in by) {
        await recordAdminAction(tx, {
          adminId: by.adminId,
          action: 'chat_message.remove',
          entity: 'chat_message',
          entityId: id,
          before: { authorId: by.authorId, bookId: removed.bookId },
        });
      }
      await publishLive(tx, { room: chatRoom(removed.bookId) }, 'chat.removed', { id });
      return true;
    });
  }

  return {
    /** A page of a book's room for a reader who finished it, oldest to newest. */
    async page(slug: string, readerId: string, cursor: Cursor | null): Promise<ChatPage> {
      const room = await access.room(slug, readerId);
      const page = await chats.page({
        bookId: room.book.id,
        viewerId: readerId,
        hidden: room.hidden,
        cursor,
        pageSize: CHAT_PAGE_SIZE,
      });
      return { book: room.book, ...page };
    },

    /** Posts a message (already trimmed and checked by the route's schema). */
    async post(slug: string, readerId: string, content: string): Promise<ChatMessage> {
      const room = await access.room(slug, readerId);
      await enforceRateLimits(rateLimits, [
        { key: `chat-post:${readerId}`, rule: { limit: CHAT_POSTS_PER_MINUTE, windowMs: 60_000 } },
      ]);
      const row = await db.transaction(async (tx) => {
        const written = await chats.insert(tx, {
          bookId: room.book.id,
          authorId: readerId,
          content,
        });
        // Everyone in the room gets it as their list shows it; `mine` is for each tab to say.
        await publishLive(
          tx,
          { room: chatRoom(room.book.id) },
          'chat.message',
          toChatMessage(written, null),
        );
        return written;
      });
      return toChatMessage(row, readerId);
    },

    /** The author deletes their message; an administrator may delete anyone's. */
    async delete(id: string, reader: { id: string; isAdmin: boolean }): Promise<void> {
      const message = await liveMessage(id);
      const own = message.authorId === reader.id;
      if (!own && !reader.isAdmin) throw new AppError('FORBIDDEN', m.deleteForbidden);
      await removeFromRoom(
        id,
        own ? { author: true } : { adminId: reader.id, authorId: message.authorId },
      );
    },

    /**
     * A reader who may read the room reports someone else's message, once. A message they
     * cannot see (removed, or by a reader hidden from them) is unknown to them.
     */
    async report(id: string, readerId: string): Promise<void> {
      const message = await liveMessage(id);
      const room = await access.mayRead(message.bookId, readerId);
      if (!room) throw new AppError('FORBIDDEN', m.accessDenied);
      if (room.hidden.includes(message.authorId)) {
        throw new AppError('NOT_FOUND', m.messageNotFound);
      }
      if (message.authorId === readerId) throw new AppError('VALIDATION_ERROR', m.reportOwn);
      await enforceRateLimits(rateLimits, [
        {
          key: `chat-report:${readerId}`,
          rule: { limit: CHAT_REPORTS_PER_HOUR, windowMs: 3_600_000 },
        },
      ]);
      if (!(await chats.report(id, readerId))) {
        throw new AppError('ALREADY_EXISTS', m.alreadyReported);
      }
    },

    /** Administrators: the reported messages still in their rooms, most reported first. */
    reports: () => chats.openReports(REPORTS_LIMIT),

    /** Administrators: removes a message (settling its reports); a removed one stays removed. */
    async adminRemove(id: string, adminId: string): Promise<void> {
      const message = await chats.find(id);
      if (!message) throw new AppError('NOT_FOUND', m.messageNotFound);
      await removeFromRoom(id, { adminId, authorId: message.authorId });
    },

    /** Administrators: the message stays; its open reports are settled. */
    async dismiss(id: string, adminId: string): Promise<number> {
      const message = await chats.find(id);
      if (!message) throw new AppError('NOT_FOUND', m.messageNotFound);
      return db.transaction(async (tx) => {
        const dismissed = await chats.dismiss(id, tx);
        // Recorded when it settled something: a second click changes nothing.
        if (dismissed > 0) {
          await recordAdminAction(tx, {
            adminId,
            action: 'chat_reports.dismiss',
            entity: 'chat_message',
            entityId: id,
            after: { dismissed, authorId: message.authorId },
          });
        }
        return dismissed;
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
