import type { RateLimitRule } from '../rate-limits';

const MINUTE = 60_000;

// Sign-in is limited three ways (decision 012): per account and address (one machine guessing
// one account), per address (one machine trying many accounts), and per account for browsers
// that never signed in to it (a botnet guessing one account), which a reader's own browser,
// holding its device cookie, skips: so nobody can lock a reader out.
// Generous enough for a family or a classroom behind one address.
export const authLimits = {
  signInPerIp: { limit: 30, windowMs: 15 * MINUTE },
  signInPerAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  signInPerAccount: { limit: 50, windowMs: 60 * MINUTE },
  signUpPerIp: { limit: 20, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  verifyResendPerIp: { limit: 10, windowMs: 60 * MINUTE },
  verifyResendPerAccount: { limit: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
