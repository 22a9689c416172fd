import { readerRows } from '../../db/reader-data';

/**
 * The reader's reminder and the browsers subscribed to it (decision 032). The subscriptions'
 * keys are deleted, not exported: they only make sense to the reader's push service.
 */
export const remindersReaderData = readerRows({
  module: 'reminders',
  tables: {
    reminder_settings: ['reader_id'],
    push_subscriptions: ['reader_id'],
  },
  omit: { push_subscriptions: ['p256dh', 'auth'] },
});

/** Account deletion's convention (decision 027): every row about the reader, in its transaction. */
export const deleteReaderData = remindersReaderData.deleteReaderData;
