import { z } from 'zod';
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

/** The new-password rules of spec 000 §5, checked in this order. */
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

export const usernameSchema = z
  .string()
  .trim()
  .min(3, m.usernameTooShort)
  .max(50, m.usernameTooLong);

export const profileUpdateSchema = z.strictObject({ username: usernameSchema });

/** What the API says about the signed-in reader (never another reader's private fields). */
export type SessionUser = {
  id: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  isPremium: boolean;
  premiumSince: string | null;
  createdAt: string;
};

export type PublicProfile = {
  id: string;
  username: string | null;
  avatarUrl: string | null;
  createdAt: string;
};
