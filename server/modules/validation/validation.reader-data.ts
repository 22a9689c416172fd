import { readerRows } from '../../db/reader-data';

/**
 * The reader's answers' attempts, analytics events and the questions they are asked in pools
 * (account deletion and export, decision 027).
 */
export const validationReaderData = readerRows({
  module: 'validation',
  tables: {
    validation_attempts: ['user_id'],
    analytics_events: ['user_id'],
    question_assignments: ['user_id'],
  },
});
