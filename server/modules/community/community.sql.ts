import { type SQLWrapper, sql } from 'drizzle-orm';

// The community's SQL that other modules compose into their own statements (decision 039):
// who follows whom and who blocked whom, between two readers given as SQL values. The friend
// streaks (decision 055) start only between readers who follow each other, never across a block.
export const communitySql = {
  /** True when `a` follows `b` and `b` follows `a`. */
  mutualFollow: (a: SQLWrapper, b: SQLWrapper) =>
    sql<boolean>`(exists (select 1 from follows where follower_id = ${a} and following_id = ${b})
      and exists (select 1 from follows where follower_id = ${b} and following_id = ${a}))`,

  /** True when either of the two blocked the other. */
  blockedBetween: (a: SQLWrapper, b: SQLWrapper) =>
    sql<boolean>`exists (select 1 from blocks
      where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a}))`,
};
