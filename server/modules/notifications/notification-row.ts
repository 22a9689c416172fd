import { type SQL, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../domain/notifications';
import type { Notification } from '../../../domain/notifications.schemas';
import { readersSql } from '../auth';
import { booksSql } from '../books';

// One notification as the list returns it and the live channel pushes it: the row joined to
// its actor's public summary and its book's title and slug, in the statement that reads it.

/** What the SQL below selects for a notifications row `n` (or a CTE with its columns). */
export type NotificationRow = {
  id: string;
  type: NotificationType;
  actor_id: string | null;
  username: string | null;
  avatar_url: string | null;
  book_id: string | null;
  title: string | null;
  slug: string | null;
  meta: Record<string, unknown> | null;
  read_at: string | null;
  created_at: string;
};

const apiTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The select list over `n`, its actor `u` and its book `b`. */
export const notificationColumns = sql`n.id, n.type, n.actor_id, u.username, u.avatar_url,
  n.book_id, b.title, b.slug, n.meta, ${apiTime(sql`n.read_at`)} as read_at,
  ${apiTime(sql`n.created_at`)} as created_at`;

/** The joins of the actor `u` and book `b` onto `n`. */
export const notificationJoins = sql`left join ${readersSql.join({ alias: 'u', id: sql`n.actor_id` })}
  left join ${booksSql.join({ alias: 'b', id: sql`n.book_id` })}`;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    actor: row.actor_id
      ? { id: row.actor_id, username: row.username, avatarUrl: row.avatar_url }
      : null,
    book:
      row.book_id && row.title !== null && row.slug !== null
        ? { id: row.book_id, title: row.title, slug: row.slug }
        : null,
    meta: row.meta ?? {},
    readAt: row.read_at,
    createdAt: row.created_at,
  };
}
