// The rate-limits module's public surface: what other modules may use (decision 039).
export type { RateLimitRule, RateLimitsRepository } from './rate-limits.repository';
export { enforceRateLimits, purgeNowAndThen, rateLimitedError } from './rate-limits.service';
export { rateLimitsSql } from './rate-limits.sql';
export { countedByHandler, limited, writeLimits } from './route-limits';
