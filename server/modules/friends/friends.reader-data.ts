import { readerRows } from '../../db/reader-data';

/**
 * Friend streaks and friend quests, both sides (decision 055): a reader's account deletion
 * ends them for their friends too; the export holds them all, friends' ids included, as the
 * follows' export does.
 */
export const friendsReaderData = readerRows({
  module: 'friends',
  tables: {
    friend_quest_members: ['reader_id'],
    friend_quests: ['proposer_id', 'partner_id'],
    friend_streaks: ['reader_a', 'reader_b', 'invited_by'],
  },
});
