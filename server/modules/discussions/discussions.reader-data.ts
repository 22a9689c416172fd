import { readerRows } from '../../db/reader-data';

/**
 * The reader's posts and replies in the segment discussions, their Bookys and their reports
 * (decision 027). Only their own rows: the export carries no one else's words, so nothing of a
 * segment they have not validated.
 */
export const discussionsReaderData = readerRows({
  module: 'discussions',
  tables: {
    segment_post_reports: ['reporter_id'],
    segment_post_bookys: ['reader_id'],
    segment_posts: ['author_id'],
  },
});
