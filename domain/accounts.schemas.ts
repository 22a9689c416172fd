import { z } from 'zod';
import { normalizeUsername, type UsernameProblem, usernameProblem } from './accounts';
import { accountMessages as m } from './messages/accounts';

// Request contracts of the account routes, shared by the forms (same messages on both sides).
const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, m.emailInvalid)
  .transform((v) => v.toLowerCase());

const password = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(6, m.passwordTooShort)
  .max(128, m.passwordTooLong);

export const credentialsSchema = z.strictObject({ email, password });
export type Credentials = z.input<typeof credentialsSchema>;

export const resetRequestSchema = z.strictObject({
  email: z
    .string({ error: m.resetEmailRequired })
    .trim()
    .min(1, m.resetEmailRequired)
    .max(254, m.emailInvalid)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, m.emailInvalid)
    .transform((v) => v.toLowerCase()),
});

/** The new-password rules (docs/architecture.md#accounts), checked in this order. */
export const newPasswordSchema = z
  .strictObject({
    token: z.string({ error: m.resetInvalidLink }).min(1, m.resetInvalidLink).max(200),
    password: z.string({ error: m.newPasswordFieldsRequired }).max(128, m.passwordTooLong),
    confirmation: z.string({ error: m.newPasswordFieldsRequired }).max(128, m.passwordTooLong),
  })
  .superRefine(({ password, confirmation }, ctx) => {
    const message = newPasswordProblem(password, confirmation);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['password'] });
  });

export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return m.newPasswordFieldsRequired;
  if (password !== confirmation) return m.newPasswordMismatch;
  if (password.length < 8) return m.newPasswordTooShort;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password)) {
    return m.newPasswordWeak;
  }
  return null;
}

const usernameMessages: Record<UsernameProblem, string> = {
  tooShort: m.usernameTooShort,
  tooLong: m.usernameTooLong,
  invisible: m.usernameInvisible,
  noLetter: m.usernameNoLetter,
  marks: m.usernameMarks,
  mixed: m.usernameMixedScripts,
};

/** A reader's name (docs/architecture.md#display-name): normalized, then its first problem. */
export const usernameSchema = z
  .string()
  .overwrite(normalizeUsername)
  .superRefine((name, ctx) => {
    const problem = usernameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: usernameMessages[problem] });
  });

export const profileUpdateSchema = z.strictObject({ username: usernameSchema });

// Response contracts: the types are inferred from them, the OpenAPI document is generated from them.

/** What the API says about the signed-in reader (never another reader's private fields). */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    isAdmin: z.boolean(),
    isPremium: z.boolean(),
    premiumSince: z.string().nullable(),
    createdAt: z.string(),
  })
  .describe('Le lecteur connecté, tel que lui seul le voit.');
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const publicProfileSchema = z
  .object({
    id: z.string(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .describe("Le profil public d'un lecteur.");
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** Sign-up and sign-in: the reader now signed in. */
export const signedInSchema = z.object({ user: sessionUserSchema });

/** GET /api/auth/session: the reader, or null without a session. */
export const sessionSchema = z.object({ user: sessionUserSchema.nullable() });

/** GET /api/auth/password-reset/:token: whether the link can still be used. */
export const resetTokenStatusSchema = z.object({ valid: z.boolean() });
