import type { ReaderData } from '../../db/reader-data';
import { auditReaderData } from '../audit';
import { authReaderData } from '../auth';
import { avatarsReaderData } from '../avatars';
import { bookRequestsReaderData } from '../book-requests';
import { booksReaderData } from '../books';
import { chatReaderData } from '../chat';
import { circlesReaderData } from '../circles';
import { communityReaderData } from '../community';
import { contributionsReaderData } from '../contributions';
import { coversReaderData } from '../covers';
import { discussionsReaderData } from '../discussions';
import { friendsReaderData } from '../friends';
import { insightsReaderData } from '../insights';
import { kosyncReaderData } from '../kosync';
import { liveReaderData } from '../live';
import { notificationsReaderData } from '../notifications';
import { premiumReaderData } from '../premium';
import { readingReaderData } from '../reading';
import { remindersReaderData } from '../reminders';
import { rewardsReaderData } from '../rewards';
import { validationReaderData } from '../validation';

/**
 * Every module that keeps rows about a reader, in deletion order: the auth module last (its
 * users row is what the others point at). A table added later with a reader column must be
 * listed by its module's ReaderData here: account-deletion.test.ts finds it in the
 * database's catalogue and names it until it is.
 */
export const readerDataOwners: readonly ReaderData[] = [
  friendsReaderData,
  communityReaderData,
  notificationsReaderData,
  kosyncReaderData,
  remindersReaderData,
  chatReaderData,
  circlesReaderData,
  discussionsReaderData,
  validationReaderData,
  contributionsReaderData,
  rewardsReaderData,
  readingReaderData,
  insightsReaderData,
  bookRequestsReaderData,
  premiumReaderData,
  avatarsReaderData,
  liveReaderData,
  auditReaderData,
  coversReaderData,
  booksReaderData,
  authReaderData,
];
