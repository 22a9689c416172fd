import type { BookRequestStatus } from '../../../domain/book-requests';
import { OPEN_BOOK_REQUESTS_LIMIT } from '../../../domain/book-requests';
import type { BookRequest, MyBookRequests } from '../../../domain/book-requests.schemas';
import { bookRequestMails, bookRequestMessages as m } from '../../../domain/messages/book-requests';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { queueMail } from '../../mail/mail.job';
import { recordAdminAction } from '../audit';
import { emailOf } from '../auth';
import type { JobQueue } from '../jobs';
import { notify } from '../notifications';
import type { PremiumService } from '../premium';
import { bookRequestsRepository as repo, toBookRequest } from './book-requests.repository';

type Deps = {
  db: Db;
  premium: Pick<PremiumService, 'isPremium'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  publicUrl: string;
};

/**
 * Book requests (docs/architecture.md#book-requests-and-premium): premium readers send,
 * administrators answer.
 */
export function createBookRequestsService({ db, premium, jobs, publicUrl }: Deps) {
  return {
    /** The reader's requests and how many more they may send now. */
    async mine(readerId: string): Promise<MyBookRequests> {
      const items = await repo.ofReader(db, readerId);
      const open = items.filter((i) => i.status !== 'completed').length;
      return { items, remaining: Math.max(0, OPEN_BOOK_REQUESTS_LIMIT - open) };
    },

    /**
     * A premium reader's request, under the two-at-a-time rule, with its acknowledgement
     * mail queued in the same transaction.
     */
    async send(
      reader: { id: string; email: string },
      fields: { title: string; author: string | null; isbn: string | null; reason: string | null },
    ): Promise<BookRequest> {
      return db.transaction(async (tx) => {
        await repo.lockReader(tx, reader.id);
        if (!(await premium.isPremium(reader.id, tx))) {
          throw new AppError('FORBIDDEN', m.premiumRequired, { title: m.premiumRequiredTitle });
        }
        if ((await repo.openCount(tx, reader.id)) >= OPEN_BOOK_REQUESTS_LIMIT) {
          throw new AppError('CONFLICT', m.limitReached);
        }
        const request = await repo.insert(tx, reader.id, fields);
        await queueMail(jobs, tx, {
          to: reader.email,
          subject: bookRequestMails.ackSubject,
          text: fill(bookRequestMails.ackText, { title: request.title }),
        });
        return request;
      });
    },

    list: (status: BookRequestStatus | undefined) => repo.all(db, status),

    /**
     * An administrator sets a status (any to any). Becoming 'completed' tells
     * the reader: a notification and an e-mail, once per request.
     */
    async setStatus(adminId: string, id: string, status: BookRequestStatus): Promise<BookRequest> {
      return db.transaction(async (tx) => {
        const before = await repo.findForUpdate(tx, id);
        if (!before) throw new AppError('NOT_FOUND', m.notFound);
        const after = await repo.setStatus(tx, id, status);
        await recordAdminAction(tx, {
          adminId,
          action: 'book_request.status',
          entity: 'book_request',
          entityId: id,
          before: { status: before.status },
          after: { status },
        });
        if (status === 'completed' && before.status !== 'completed') {
          const title = after.book_title;
          const written = await notify(tx, [
            {
              recipientId: after.user_id,
              type: 'book_request_completed',
              meta: { msg: fill(bookRequestMails.doneNotification, { title }), requestId: id },
              dedupeKey: `book-request-completed:${id}`,
            },
          ]);
          const to = await emailOf(tx, after.user_id);
          if (written > 0 && to) {
            await queueMail(jobs, tx, {
              to,
              subject: bookRequestMails.doneSubject,
              text: fill(bookRequestMails.doneText, { title, url: `${publicUrl}/explore` }),
            });
          }
        }
        return toBookRequest(after);
      });
    },
  };
}
