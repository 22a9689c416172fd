import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './auth.table';

/** Readers' profile fields, for the profiles module: the public view and the owner's edits. */
export function createUsersRepository({ db }: { db: Db }) {
  return {
    /** What anyone may see of a reader: id, name, avatar, since when. */
    async findPublic(id: string) {
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
    },

    /** Only the username is writable by its owner; role flags have no route at all. */
    async setUsername(id: string, username: string) {
      const [row] = await db.update(users).set({ username }).where(eq(users.id, id)).returning();
      return row ?? null;
    },

    /** The reader's photo (a content-hashed URL from the avatars module), or null for initials. */
    async setAvatarUrl(id: string, avatarUrl: string | null, tx: Pick<Db, 'update'> = db) {
      const [row] = await tx.update(users).set({ avatarUrl }).where(eq(users.id, id)).returning();
      return row ?? null;
    },
  };
}
