import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './auth.table';

// Readers' profile fields, for the profiles and avatars modules: the public view and the
// owner's edits. Each takes the executor first (the database or a transaction).

/** What anyone may see of a reader: id, name, avatar, since when. */
export async function findPublicReader(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      avatarUrl: users.avatarUrl,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Only the username is writable by its owner; role flags have no route at all. */
export async function setUsername(db: Db, { id, username }: { id: string; username: string }) {
  const [row] = await db.update(users).set({ username }).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** The reader's photo (a content-hashed URL from the avatars module), or null for initials. */
export async function setAvatarUrl(
  db: Db,
  { id, avatarUrl }: { id: string; avatarUrl: string | null },
) {
  const [row] = await db.update(users).set({ avatarUrl }).where(eq(users.id, id)).returning();
  return row ?? null;
}
