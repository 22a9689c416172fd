import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { createBook } from './factories';

// Readers and validations at chosen instants, written by raw SQL (the auth and reading
// modules own these tables): for the scheduled messages' tests, which need a history in the
// past, without signing up through the route (slow: a password hash per reader).

/** New readers (no password: they never sign in), in order; `username` optional. */
export async function insertReaders(db: Db, names: (string | null)[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const email = `lecteur-${randomUUID()}@exemple.fr`;
    const { rows } = await db.execute<{ id: string }>(
      sql`insert into users (email, username) values (${email}, ${name}) returning id`,
    );
    ids.push(rows[0]?.id as string);
  }
  return ids;
}

/** The reader's address, as an e-mail sent to them shows it. */
export async function emailOf(db: Db, readerId: string): Promise<string> {
  const { rows } = await db.execute<{ email: string }>(
    sql`select email from users where id = ${readerId}`,
  );
  return rows[0]?.email as string;
}

/**
 * One validated segment of a new book per instant (ISO strings), segments 1, 2… in order:
 * the reading history the streaks and the digest are computed from.
 */
export async function validateAt(db: Db, readerId: string, instants: string[]): Promise<void> {
  if (instants.length === 0) return;
  const book = await createBook(db, { totalPages: 3000 });
  const { rows } = await db.execute<{ id: string }>(
    sql`insert into reading_progress (user_id, book_id, status, segments_validated, current_page)
        values (${readerId}, ${book.id}, 'in_progress', ${instants.length}, ${instants.length * 30})
        returning id`,
  );
  const progressId = rows[0]?.id as string;
  for (const [i, at] of instants.entries()) {
    await db.execute(
      sql`insert into reading_validations (user_id, book_id, progress_id, segment, validated_at)
          values (${readerId}, ${book.id}, ${progressId}, ${i + 1}, ${at}::timestamptz)`,
    );
  }
}
