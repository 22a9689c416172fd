import { readerRows } from '../../db/reader-data';

/**
 * Notifications the reader received or caused, and their e-mail preference (decision 027);
 * the export holds the ones they received.
 */
export const notificationsReaderData = readerRows({
  module: 'notifications',
  tables: {
    notifications: ['recipient_id', 'actor_id'],
    notification_preferences: ['reader_id'],
  },
  // A notification the reader caused is its recipient's (who, whether and when they read it).
  exportedBy: { notifications: ['recipient_id'] },
});
