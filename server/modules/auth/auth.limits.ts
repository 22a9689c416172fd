import type { RateLimitRule } from '../rate-limits/rate-limits.repository';

const MINUTE = 60_000;

// Per address and per account, so neither one machine nor a botnet can guess a password.
// Generous enough for a family or a classroom behind one address.
export const authLimits = {
  signInPerIp: { limit: 30, windowMs: 15 * MINUTE },
  signInPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 20, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
