import { and, eq } from 'drizzle-orm';
import { type AvatarVariant, avatarFileUrl } from '../../../domain/avatars';
import type { Db } from '../../db/client';
import { setAvatarUrl } from '../auth';
import type { ProcessedAvatar } from './avatar-image';
import { avatarFiles } from './avatars.table';

/** A reader's photo files and the URL on their profile, always changed together. */
export function createAvatarsRepository({ db }: { db: Db }) {
  return {
    /**
     * Makes `avatar` the reader's photo: its files replace the previous ones and
     * users.avatar_url points at its 256 px WebP, in one transaction. The reader's row is
     * written first, so two uploads at once queue on its lock and the second one deletes
     * the first one's files instead of leaving them behind. Returns the reader's row.
     */
    async replace(userId: string, avatar: ProcessedAvatar) {
      return db.transaction(async (tx) => {
        const row = await setAvatarUrl(tx, {
          id: userId,
          avatarUrl: avatarFileUrl(avatar.hash, '256.webp'),
        });
        if (!row) return null;
        await tx.delete(avatarFiles).where(eq(avatarFiles.userId, userId));
        await tx.insert(avatarFiles).values(
          avatar.files.map((file) => ({
            hash: avatar.hash,
            variant: file.variant,
            userId,
            contentType: file.contentType,
            bytes: file.bytes,
          })),
        );
        return row;
      });
    },

    /** Back to initials: the reader's files are deleted and the URL cleared. */
    async remove(userId: string) {
      return db.transaction(async (tx) => {
        const row = await setAvatarUrl(tx, { id: userId, avatarUrl: null });
        await tx.delete(avatarFiles).where(eq(avatarFiles.userId, userId));
        return row;
      });
    },

    /** One stored file, or null. */
    async find(hash: string, variant: AvatarVariant) {
      const [row] = await db
        .select({ contentType: avatarFiles.contentType, bytes: avatarFiles.bytes })
        .from(avatarFiles)
        .where(and(eq(avatarFiles.hash, hash), eq(avatarFiles.variant, variant)));
      return row ?? null;
    },
  };
}
