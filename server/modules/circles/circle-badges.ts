import { type SQL, sql } from 'drizzle-orm';
import { CIRCLE_BADGE, finishedTogether } from '../../../domain/circles';
import { circleNotices } from '../../../domain/messages/circles';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import type { JobHandler } from '../jobs';
import { notify } from '../notifications';
import { grantBadge } from '../rewards';
import { type Executor, circlesRepository as repo } from './circles.repository';

// Finishing a book together (docs/architecture.md#reading-circles, decision 056): once two
// members of an open circle or more have validated every segment of its book, each since the
// circle started, every one of them gets the badge 'lu-ensemble' once (rewards' unique row),
// told by a notification. Decided right after a validation finishes a book (the job below,
// queued by the answer's route once it committed) and again by the daily pass, which catches
// a job lost with its process.

/** The job a validation that finished a book queues: payload { readerId, bookId }. */
export const CIRCLE_FINISHED = 'circle-finished';

/**
 * Grants the badge to the finishers of the open circles `only` narrows (SQL over the circle
 * `c`) where at least two members finished. Answers how many badges were new.
 */
export async function grantTogetherBadges(tx: Executor, only: SQL): Promise<number> {
  const rows = await repo.finishers(tx, only);
  const byCircle = new Map<string, typeof rows>();
  for (const row of rows) byCircle.set(row.circleId, [...(byCircle.get(row.circleId) ?? []), row]);
  let granted = 0;
  for (const finishers of byCircle.values()) {
    if (!finishedTogether(finishers.length)) continue;
    for (const finisher of finishers) {
      if (!(await grantBadge(tx, finisher.readerId, CIRCLE_BADGE))) continue;
      granted += 1;
      await notify(tx, [
        {
          recipientId: finisher.readerId,
          type: 'circle_badge',
          bookId: finisher.bookId,
          meta: {
            circleId: finisher.circleId,
            badge: CIRCLE_BADGE,
            msg: fill(circleNotices.badge, { name: finisher.name, title: finisher.title }),
          },
          dedupeKey: `circle-badge:${finisher.circleId}`,
        },
      ]);
    }
  }
  return granted;
}

/** The open circles of `readerId` on `bookId` (SQL over the circle `c`). */
export const circlesOfReaderOnBook = (readerId: string, bookId: string) =>
  sql`c.book_id = ${bookId}::uuid and exists (select 1 from circle_members x
    where x.circle_id = c.id and x.reader_id = ${readerId}::uuid and x.removed_at is null)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job's handler: the finisher's circles on that book, in one transaction. */
export function circleBadgeJobs({ db }: { db: Db }): Record<string, JobHandler> {
  return {
    [CIRCLE_FINISHED]: async (payload) => {
      const { readerId, bookId } = payload;
      if (typeof readerId !== 'string' || !UUID.test(readerId)) return;
      if (typeof bookId !== 'string' || !UUID.test(bookId)) return;
      await db.transaction((tx) =>
        grantTogetherBadges(tx, circlesOfReaderOnBook(readerId, bookId)),
      );
    },
  };
}
