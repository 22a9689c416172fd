// The drizzle schema of the whole app: each feature's tables live in
// server/modules/<feature>/<feature>.table.ts and are listed here for drizzle-kit and
// for typed relational queries.

export * from '../modules/audit/audit.table';
export { apiTokens } from '../modules/auth/api-tokens.table';
export { accounts, sessions, users, verifications } from '../modules/auth/auth.table';
export { avatarFiles } from '../modules/avatars/avatars.table';
export * from '../modules/blog/blog.table';
export * from '../modules/book-requests/book-requests.table';
export { bookReports } from '../modules/books/book-reports.table';
export { books } from '../modules/books/books.table';
export { readingQuestions } from '../modules/books/questions.table';
export { bookChats, chatReports } from '../modules/chat/chat.table';
export { circleMembers, circleReminders, circles } from '../modules/circles/circles.table';
export {
  activities,
  activityLikes,
  blocks,
  follows,
} from '../modules/community/community.table';
export { questionReports } from '../modules/contributions/question-reports.table';
export { questionReviews } from '../modules/contributions/question-reviews.table';
export * from '../modules/covers/covers.table';
export {
  segmentPostBookys,
  segmentPostReports,
  segmentPosts,
} from '../modules/discussions/discussions.table';
export {
  friendQuestMembers,
  friendQuests,
  friendStreaks,
} from '../modules/friends/friends.table';
export * from '../modules/insights/insights.table';
export { jobSchedules } from '../modules/jobs/jobs.table';
export { kosyncDevices, kosyncDocuments } from '../modules/kosync/kosync.table';
export { liveEvents } from '../modules/live/live.table';
export {
  notificationPreferences,
  notifications,
} from '../modules/notifications/notifications.table';
export * from '../modules/premium/premium.table';
export { rateLimits } from '../modules/rate-limits/rate-limits.table';
export { readingProgress, readingValidations } from '../modules/reading/reading.table';
export * from '../modules/reminders/reminders.table';
export { userBadges, userQuests, xpEvents } from '../modules/rewards/rewards.table';
export { appSettings } from '../modules/settings/settings.table';
export {
  analyticsEvents,
  questionAssignments,
  validationAttempts,
} from '../modules/validation/validation.table';
