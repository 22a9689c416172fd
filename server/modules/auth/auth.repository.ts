import { and, eq, gt, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, verifications } from './auth.table';

export function createAuthRepository({ db }: { db: Db }) {
  return {
    /** True while a reset token exists and has not expired (it is deleted once used). */
    async isResetTokenValid(token: string): Promise<boolean> {
      const rows = await db
        .select({ id: verifications.id })
        .from(verifications)
        .where(
          and(
            eq(verifications.identifier, `reset-password:${token}`),
            gt(verifications.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Voids every reset link still open for a reader (after one of them was used). */
    async revokeResetTokens(userId: string): Promise<void> {
      await db
        .delete(verifications)
        .where(
          and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)),
        );
    },

    /** Grants or revokes the admin flag; false when no reader has this e-mail. */
    async setAdmin(email: string, isAdmin: boolean): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ isAdmin })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * ADMIN_EMAILS, at start-up and when an address is confirmed: grants the flag to the listed
     * readers whose address is verified (revokes no one). An unproven address gets nothing.
     */
    async grantAdmins(emails: string[]): Promise<void> {
      if (emails.length === 0) return;
      await db
        .update(users)
        .set({ isAdmin: true })
        .where(and(inArray(users.email, emails), eq(users.emailVerified, true)));
    },

    /** Has the reader proved their address (the verification link)? False for no reader. */
    async isEmailVerified(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ verified: users.emailVerified })
        .from(users)
        .where(eq(users.id, userId));
      return row?.verified === true;
    },
  };
}
