import { readerRows } from '../../db/reader-data';

/**
 * The reviews a reader gave of proposed questions (decision 045) and their reports of questions
 * (decision 047): deleted with the account.
 */
export const contributionsReaderData = readerRows({
  module: 'contributions',
  tables: { question_reviews: ['reviewer_id'], question_reports: ['reader_id'] },
});
