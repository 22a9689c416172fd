import { z } from 'zod';
import { newPasswordProblem } from './accounts.schemas';
import { deleteAccountMessages, passwordChangeMessages } from './messages/account';
import { accountMessages } from './messages/accounts';

// Contracts of the reader's own account: change of password, deletion (decision 027).

export const passwordChangeBodySchema = z
  .strictObject({
    currentPassword: z
      .string({ error: passwordChangeMessages.currentRequired })
      .min(1, passwordChangeMessages.currentRequired)
      .max(128, accountMessages.passwordTooLong),
    password: z
      .string({ error: accountMessages.newPasswordFieldsRequired })
      .max(128, accountMessages.passwordTooLong),
    confirmation: z
      .string({ error: accountMessages.newPasswordFieldsRequired })
      .max(128, accountMessages.passwordTooLong),
  })
  .superRefine(({ password, confirmation }, ctx) => {
    const message = newPasswordProblem(password, confirmation);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['password'] });
  });
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

export const accountDeletionBodySchema = z.strictObject({
  password: z
    .string({ error: deleteAccountMessages.passwordRequired })
    .min(1, deleteAccountMessages.passwordRequired)
    .max(128, accountMessages.passwordTooLong),
});

/** GET /api/account/export: every table's rows about the reader, by module. */
export const accountExportSchema = z
  .object({
    exportedAt: z.string(),
    reader: z.object({ id: z.string(), email: z.string() }),
    data: z.record(z.string(), z.record(z.string(), z.array(z.record(z.string(), z.unknown())))),
  })
  .describe('Tout ce que le serveur garde sur le lecteur (RGPD art. 20), par module et table.');
