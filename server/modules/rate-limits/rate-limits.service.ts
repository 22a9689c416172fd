import { errorMessages } from '../../../domain/messages/errors';
import { fill } from '../../../domain/messages/fill';
import { AppError } from '../../errors';
import type { RateLimitRule, RateLimitsRepository } from './rate-limits.repository';

/** RATE_LIMITED (429), in French, with the delay before the window ends. */
export function rateLimitedError(retryAfterMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError('RATE_LIMITED', fill(errorMessages.tooManyRequestsFor, { minutes }), {
    retryAfterSeconds,
  });
}

/** Old windows are cleaned lazily, on about one hit in a hundred. */
export async function purgeNowAndThen(repository: RateLimitsRepository): Promise<void> {
  if (Math.random() < 0.01) await repository.purgeExpired();
}

/** Counts a hit on each key; throws RATE_LIMITED (429, French, with retry delay) if any is over. */
export async function enforceRateLimits(
  repository: RateLimitsRepository,
  hits: { key: string; rule: RateLimitRule }[],
): Promise<void> {
  for (const { key, rule } of hits) {
    const { allowed, retryAfterMs } = await repository.hit(key, rule);
    if (!allowed) throw rateLimitedError(retryAfterMs);
  }
  await purgeNowAndThen(repository);
}
