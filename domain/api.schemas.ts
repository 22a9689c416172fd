import { z } from 'zod';

/** A French sentence to show the reader: what most changes answer (sign-out, removal…). */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** Every failure: `{ error: { code, message } }` with a French message (server/errors.ts). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
