import { readerRows } from '../../db/reader-data';

/** Notifications the reader received or caused, and their e-mail preference (decision 027). */
export const notificationsReaderData = readerRows({
  module: 'notifications',
  tables: {
    notifications: ['recipient_id', 'actor_id'],
    notification_preferences: ['reader_id'],
  },
});
