import { readerRows } from '../../db/reader-data';

/** The reader's answers' attempts and analytics events (account deletion and export, decision 027). */
export const validationReaderData = readerRows({
  module: 'validation',
  tables: { validation_attempts: ['user_id'], analytics_events: ['user_id'] },
});
