import { readerRows } from '../../db/reader-data';

/**
 * The reader's circles (decision 056): the ones they started (deleted with their account, and
 * with them their members and reminders), their memberships and the reminders they were sent.
 */
export const circlesReaderData = readerRows({
  module: 'circles',
  tables: {
    circle_reminders: ['reader_id'],
    circle_members: ['reader_id'],
    circles: ['creator_id'],
  },
});
