import { readerRows } from '../../db/reader-data';

/** The reader's Stripe purchases as we recorded them (decision 027). */
export const premiumReaderData = readerRows({
  module: 'premium',
  tables: { premium_purchases: ['reader_id'] },
});
