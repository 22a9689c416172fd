import { readerRows } from '../../db/reader-data';

/** Cover batches an administrator started stay, without their id (decision 027). */
export const coversReaderData = readerRows({
  module: 'covers',
  tables: { cover_batches: ['requested_by'] },
  anonymized: ['cover_batches'],
  notExported: ['cover_batches'],
});
