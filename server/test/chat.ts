import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Reader } from './factories';

// Shared by the chat's server tests: reading progress written by raw SQL (the reading module
// owns that table).

type Book = { id: string; expectedSegments: number };

/** Puts the book in the reader's list with this progress ('completed' = every segment). */
export async function setProgress(
  db: Db,
  reader: Reader,
  book: Book,
  state: 'completed' | 'in_progress' | 'to_read' | 'removed',
): Promise<void> {
  const done = state === 'completed' || state === 'removed';
  const segments = done ? book.expectedSegments : state === 'in_progress' ? 1 : 0;
  const status = done ? 'completed' : state;
  await db.execute(sql`insert into reading_progress
      (user_id, book_id, status, segments_validated, completed_at, removed_at)
    values (${reader.id}, ${book.id}, ${status}, ${segments},
      ${done ? sql`now()` : null}, ${state === 'removed' ? sql`now()` : null})
    on conflict (user_id, book_id) do update set status = excluded.status,
      segments_validated = excluded.segments_validated, completed_at = excluded.completed_at,
      removed_at = excluded.removed_at`);
}

/** What the live channel was asked to send to a room, oldest first. */
export async function roomEvents(db: Db, bookId: string) {
  const rows = await db.execute<{ kind: string; data: unknown; reader_id: string | null }>(
    sql`select kind, data, reader_id from live_events where room = ${`chat:${bookId}`} order by id`,
  );
  return rows.rows;
}

/** The rows of a message, as stored. */
export async function messageRow(db: Db, id: string) {
  const rows = await db.execute<{
    content: string;
    removed_by: string | null;
    removed: boolean;
  }>(sql`select content, removed_by, removed_at is not null as removed
    from book_chats where id = ${id}`);
  return rows.rows[0] ?? null;
}
