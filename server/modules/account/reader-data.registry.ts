import type { ReaderData } from '../../db/reader-data';
import { auditReaderData } from '../audit/audit.reader-data';
import { authReaderData } from '../auth/auth.reader-data';
import { avatarsReaderData } from '../avatars/avatars.reader-data';
import { bookRequestsReaderData } from '../book-requests/book-requests.reader-data';
import { chatReaderData } from '../chat/chat.reader-data';
import { communityReaderData } from '../community/community.reader-data';
import { coversReaderData } from '../covers/covers.reader-data';
import { insightsReaderData } from '../insights/insights.reader-data';
import { liveReaderData } from '../live/live.reader-data';
import { notificationsReaderData } from '../notifications/notifications.reader-data';
import { premiumReaderData } from '../premium/premium.reader-data';
import { readingReaderData } from '../reading/reading.reader-data';
import { remindersReaderData } from '../reminders/reminders.reader-data';
import { rewardsReaderData } from '../rewards/rewards.reader-data';
import { validationReaderData } from '../validation/validation.reader-data';

/**
 * Every module that keeps rows about a reader, in deletion order: the auth module last (its
 * users row is what the others point at). A table added later with a reader column must be
 * listed by its module's ReaderData here: account-deletion.test.ts finds it in the
 * database's catalogue and names it until it is.
 */
export const readerDataOwners: readonly ReaderData[] = [
  communityReaderData,
  notificationsReaderData,
  remindersReaderData,
  chatReaderData,
  validationReaderData,
  rewardsReaderData,
  readingReaderData,
  insightsReaderData,
  bookRequestsReaderData,
  premiumReaderData,
  avatarsReaderData,
  liveReaderData,
  auditReaderData,
  coversReaderData,
  authReaderData,
];
