import { z } from 'zod';

/** GET /api/account/email-verification: has the reader proved their address? */
export const emailVerificationStatusSchema = z
  .object({ verified: z.boolean() })
  .describe('L’adresse e-mail du lecteur est-elle confirmée ?');
export type EmailVerificationStatus = z.infer<typeof emailVerificationStatusSchema>;
