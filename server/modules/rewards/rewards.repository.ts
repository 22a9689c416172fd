import { sql } from 'drizzle-orm';
import { localTime } from '../../../domain/calendar';
import { levelFromXp } from '../../../domain/levels';
import { type BadgeSlug, badges, readingMinutes } from '../../../domain/rewards';
import type { BadgeView, UserStats } from '../../../domain/rewards.schemas';
import { streakWithFreezes } from '../../../domain/streak-freeze';
import type { Db } from '../../db/client';
import { perExecutor } from '../../db/per-executor';
import { type Params, preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { readingSql } from '../reading';

type StatsRow = {
  time_zone: string;
  books_read: number;
  pages_read: number;
  segments: number;
  badges: number;
  quests: number;
  xp: number;
  days: string[] | null;
  categories: number;
};

// Every figure of the reader's stats in one statement. The profile's tiles leave out the
// categories read (a join of every validation with its book: half the cost).
const statsSql = (categories: boolean) => (p: Params<{ userId: string }>) =>
  sql`select u.time_zone,
     ${readingSql.booksWithStatus({ userId: p.userId, status: 'completed' })} as books_read,
     ${readingSql.pagesRead(p.userId)} as pages_read,
     ${readingSql.validationCount(p.userId)} as segments,
     (select count(*)::int from user_badges b where b.user_id = ${p.userId}) as badges,
     (select count(*)::int from user_quests q where q.user_id = ${p.userId}) as quests,
     (select coalesce(sum(x.amount), 0)::int from xp_events x where x.user_id = ${p.userId}) as xp,
     (select array_agg(distinct to_char(v.validated_at at time zone u.time_zone, 'YYYY-MM-DD'))
        from (${readingSql.validationTimes({ userId: p.userId })}) v) as days,
     ${categories ? readingSql.categoriesRead(p.userId) : sql`0`} as categories
   from (${readersSql.timeZone(p.userId)}) u`;
const statsStatement = preparedStatement<{ userId: string }, StatsRow>(
  'reader_stats',
  statsSql(true),
);
const tilesStatement = preparedStatement<{ userId: string }, StatsRow>(
  'reader_stats_tiles',
  statsSql(false),
);

export function createRewardsRepository({ db }: { db: Db }) {
  /** The badges a reader earned: slug, latest time earned, how many times. */
  const badgesOf = async (userId: string) => {
    const result = await db.execute<{
      slug: string;
      earned_at: Date | string;
      times: number;
    }>(sql`
      select badge_slug as slug, max(earned_at) as earned_at, count(*)::int as times
      from user_badges where user_id = ${userId} group by badge_slug`);
    return result.rows.map((r) => ({
      slug: r.slug,
      earnedAt: new Date(r.earned_at).toISOString(),
      times: Number(r.times),
    }));
  };

  return {
    /**
     * Every figure of a reader's stats in one query (streaks computed from its day list);
     * without `categories`, categoriesRead is 0 (the profile's tiles do not show it).
     */
    async stats(
      userId: string,
      options: { categories: boolean } = { categories: true },
    ): Promise<UserStats & { readingDays: number; categoriesRead: number }> {
      const statement = options.categories ? statsStatement : tilesStatement;
      const [row] = await statement(db, { userId });
      if (!row) throw new Error(`no reader ${userId}`);
      const days = row.days ?? [];
      // The streak card's figures count streak freezes (domain/streak-freeze.ts).
      const streaks = streakWithFreezes(days, localTime(new Date(), row.time_zone).day);
      const xp = Number(row.xp);
      return {
        booksRead: Number(row.books_read),
        pagesRead: Number(row.pages_read),
        segmentsValidated: Number(row.segments),
        readingMinutes: readingMinutes(Number(row.pages_read)),
        badgesCount: Number(row.badges),
        streakCurrent: streaks.current,
        streakBest: streaks.best,
        streakFreezes: streaks.freezes,
        questsDone: Number(row.quests),
        xp,
        level: levelFromXp(xp),
        readingDays: days.length,
        categoriesRead: Number(row.categories),
      };
    },

    badgesOf,

    /**
     * The badge catalogue as a reader's page shows it: each badge with when (the latest time)
     * and how often they earned it. `earnedOnly` keeps the earned ones; `newestFirst` orders
     * them by when they were earned rather than in catalogue order.
     */
    async badgeViews(
      userId: string,
      options: { earnedOnly: boolean; newestFirst?: boolean },
    ): Promise<BadgeView[]> {
      const earned = new Map((await badgesOf(userId)).map((b) => [b.slug, b]));
      const views = (Object.keys(badges) as BadgeSlug[])
        .map((slug) => ({
          slug,
          ...badges[slug],
          earnedAt: earned.get(slug)?.earnedAt ?? null,
          times: earned.get(slug)?.times ?? 0,
        }))
        .filter((b) => !options.earnedOnly || b.earnedAt !== null);
      if (!options.newestFirst) return views;
      return views.sort((a, b) => (b.earnedAt ?? '').localeCompare(a.earnedAt ?? ''));
    },

    async questsOf(userId: string) {
      const result = await db.execute<{ slug: string; unlocked_at: Date | string }>(sql`
        select quest_slug as slug, unlocked_at from user_quests where user_id = ${userId}
        order by unlocked_at desc`);
      return result.rows.map((r) => ({
        slug: r.slug,
        unlockedAt: new Date(r.unlocked_at).toISOString(),
      }));
    },
  };
}

const rewardsOf = perExecutor((db: Db) => createRewardsRepository({ db }));

/** A reader's stats (see stats above), for the profile page (decision 039). */
export const readerStats = (db: Db, userId: string, options: { categories: boolean }) =>
  rewardsOf(db).stats(userId, options);

/** A reader's badges as the profile shows them (see badgeViews above). */
export const readerBadgeViews = (
  db: Db,
  userId: string,
  options: { earnedOnly: boolean; newestFirst?: boolean },
) => rewardsOf(db).badgeViews(userId, options);
