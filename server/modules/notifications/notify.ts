import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { type Executor, preparedStatement } from '../../db/prepared-statement';
import { publishLiveEach } from '../live';
import {
  type NotificationRow,
  notificationColumns,
  notificationJoins,
  toNotification,
} from './notification-row';

// How every other module creates notifications (docs/architecture.md#notifications): in the
// transaction that makes the event true, so a notification exists exactly when its event does.

export type NewNotification = {
  recipientId: string;
  actorId?: string | null;
  type: NotificationType;
  bookId?: string | null;
  meta?: Record<string, unknown>;
  /** One per event and recipient ('follow:<follower>', …): a second write of it does nothing. */
  dedupeKey: string;
};

/** A transaction (or the pool) that can run statements and inserts. */
export type NotifyExecutor = Executor & Pick<Db, 'insert'>;

// The items as JSON. Never to the actor themselves, nor a reply in a discussion to a reader
// who turned those off; a repeated (recipient, dedupe key) is skipped. The rows written are read back joined to their actor and book, in one statement.
const notifyStatement = preparedStatement<
  { items: string },
  NotificationRow & { recipient_id: string }
>(
  'notifications_notify',
  (p) => sql`with item as (
     select * from jsonb_to_recordset(${p.items}::jsonb)
       as x(recipient_id uuid, actor_id uuid, type text, book_id uuid, meta jsonb, dedupe_key text)),
   n as (
     insert into notifications (recipient_id, actor_id, type, book_id, meta, dedupe_key)
     select recipient_id, actor_id, type, book_id, coalesce(meta, '{}'::jsonb), dedupe_key
     from item where (actor_id is null or actor_id <> recipient_id)
       and not exists (select 1 from notification_preferences np
         where np.reader_id = item.recipient_id and item.type = 'discussion_reply'
           and not np.discussion_replies)
     on conflict (recipient_id, dedupe_key) do nothing
     returning *)
   select n.recipient_id, ${notificationColumns}
   from n ${notificationJoins}
   order by n.created_at, n.id`,
);

/**
 * Writes the notifications (never to oneself, once per recipient and dedupe key, as the
 * recipient's preferences allow) and pushes
 * each one written to its recipient's open tabs, as the list returns it. Call it inside the
 * event's transaction. Answers how many were written.
 */
export async function notify(tx: NotifyExecutor, items: NewNotification[]): Promise<number> {
  const wanted = items.filter((item) => item.actorId == null || item.actorId !== item.recipientId);
  if (wanted.length === 0) return 0;
  const rows = await notifyStatement(tx, {
    items: JSON.stringify(
      wanted.map((item) => ({
        recipient_id: item.recipientId,
        actor_id: item.actorId ?? null,
        type: item.type,
        book_id: item.bookId ?? null,
        meta: item.meta ?? {},
        dedupe_key: item.dedupeKey,
      })),
    ),
  });
  await publishLiveEach(
    tx,
    rows.map((row) => ({
      to: { reader: row.recipient_id },
      kind: 'notification' as const,
      data: toNotification(row),
    })),
  );
  return rows.length;
}

const forgetStatement = preparedStatement<{ a: string; b: string }, never>(
  'notifications_forget_between',
  (p) => sql`delete from notifications
   where (recipient_id = ${p.a}::uuid and actor_id = ${p.b}::uuid)
      or (recipient_id = ${p.b}::uuid and actor_id = ${p.a}::uuid)`,
);

/**
 * Deletes what either of two readers caused the other to be told: a block, in its
 * transaction, so that nothing of a blocked reader stays in the other's list.
 */
export async function forgetNotificationsBetween(
  tx: Executor,
  a: string,
  b: string,
): Promise<void> {
  await forgetStatement(tx, { a, b });
}

const forgetKeysStatement = preparedStatement<{ keys: string }, never>(
  'notifications_forget_keys',
  (p) => sql`delete from notifications where dedupe_key = any(${p.keys}::text[])`,
);

/**
 * Deletes the notifications of events that are no longer true (a reply removed from its
 * discussion), by their dedupe keys, in the transaction that undoes the event.
 */
export async function forgetNotifications(tx: Executor, dedupeKeys: string[]): Promise<void> {
  if (dedupeKeys.length === 0) return;
  await forgetKeysStatement(tx, {
    keys: JSON.stringify(dedupeKeys).replace(/^\[/, '{').replace(/\]$/, '}'),
  });
}
