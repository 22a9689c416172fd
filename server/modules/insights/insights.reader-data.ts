import { readerRows } from '../../db/reader-data';

/** The reader's yearly goals (decision 027): deleted with the account, exported with it. */
export const insightsReaderData = readerRows({
  module: 'insights',
  tables: { reading_goals: ['user_id'] },
});
