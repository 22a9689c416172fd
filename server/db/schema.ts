// The drizzle schema of the whole app: each feature's tables live in
// server/modules/<feature>/<feature>.table.ts and are listed here for drizzle-kit and
// for typed relational queries.
export { accounts, sessions, users, verifications } from '../modules/auth/auth.table';
export { bookCovers, books } from '../modules/books/books.table';
export { readingQuestions } from '../modules/books/questions.table';
export { jobs } from '../modules/jobs/jobs.table';
export { rateLimits } from '../modules/rate-limits/rate-limits.table';
export { readingProgress, readingValidations } from '../modules/reading/reading.table';
export { userBadges, userQuests, xpEvents } from '../modules/rewards/rewards.table';
export { appSettings } from '../modules/settings/settings.table';
export { analyticsEvents, validationAttempts } from '../modules/validation/validation.table';
