import { readerRows } from '../../db/reader-data';

/** The live events addressed to the reader (a short replay buffer: deleted, not exported). */
export const liveReaderData = readerRows({
  module: 'live',
  tables: { live_events: ['reader_id'] },
  notExported: ['live_events'],
});
