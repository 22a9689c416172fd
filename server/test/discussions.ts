import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Reader } from './factories';

// Shared by the discussions' server tests: validations written by raw SQL (the reading
// module owns these tables), as an answer, a joker or a proposed question leaves them.

type Book = { id: string; expectedSegments: number };

/**
 * Validates segments 1 to `count` of the book for the reader (a progress row made or moved
 * there); `joker` marks the last one as validated with a joker.
 */
export async function validateSegments(
  db: Db,
  reader: Pick<Reader, 'id'>,
  book: Book,
  count: number,
  options: { joker?: boolean } = {},
): Promise<void> {
  const status =
    count >= book.expectedSegments ? 'completed' : count > 0 ? 'in_progress' : 'to_read';
  const { rows } = await db.execute<{ id: string }>(sql`insert into reading_progress
      (user_id, book_id, status, segments_validated, current_page, completed_at)
    values (${reader.id}, ${book.id}, ${status}, ${count}, ${count * 30},
      ${status === 'completed' ? sql`now()` : null})
    on conflict (user_id, book_id) do update set status = excluded.status,
      segments_validated = excluded.segments_validated, current_page = excluded.current_page,
      completed_at = excluded.completed_at
    returning id`);
  const progressId = rows[0]?.id as string;
  for (let segment = 1; segment <= count; segment++) {
    const joker = options.joker === true && segment === count;
    await db.execute(sql`insert into reading_validations
        (user_id, book_id, progress_id, segment, used_joker)
      values (${reader.id}, ${book.id}, ${progressId}, ${segment}, ${joker})
      on conflict do nothing`);
  }
}

/** The live events addressed to a segment's discussion, oldest first. */
export async function discussionEvents(db: Db, bookId: string, segment: number) {
  const { rows } = await db.execute<{ kind: string; data: Record<string, unknown> }>(
    sql`select kind, data from live_events where room = ${`discussion:${bookId}-${segment}`} order by id`,
  );
  return rows;
}
