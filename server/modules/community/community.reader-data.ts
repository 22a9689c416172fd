import { readerRows } from '../../db/reader-data';

/**
 * Follows and blocks both ways, the reader's activities and likes (decision 027); the export
 * holds the reader's own blocks only.
 */
export const communityReaderData = readerRows({
  module: 'community',
  tables: {
    follows: ['follower_id', 'following_id'],
    blocks: ['blocker_id', 'blocked_id'],
    activity_likes: ['liker_id'],
    activities: ['actor_id'],
  },
  // Who blocked the reader is the blocker's private choice: only the reader's own blocks.
  exportedBy: { blocks: ['blocker_id'] },
});
