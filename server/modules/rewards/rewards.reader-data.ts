import { readerRows } from '../../db/reader-data';

/** The reader's XP, badges and quests (account deletion and export, decision 027). */
export const rewardsReaderData = readerRows({
  module: 'rewards',
  tables: { xp_events: ['user_id'], user_badges: ['user_id'], user_quests: ['user_id'] },
});
