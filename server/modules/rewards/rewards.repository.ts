import { sql } from 'drizzle-orm';
import { localTime } from '../../../domain/calendar';
import { levelFromXp } from '../../../domain/levels';
import { readingMinutes } from '../../../domain/rewards';
import type { UserStats } from '../../../domain/rewards.schemas';
import { computeStreaks } from '../../../domain/streaks';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth/auth.sql';
import { readingSql } from '../reading/reading.sql';

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

// $1 the reader: every figure of their stats in one statement.
const statsStatement = preparedStatement<StatsRow>(
  'reader_stats',
  `select u.time_zone,
     ${readingSql.booksWithStatus({ userId: '$1', status: 'completed' })} as books_read,
     ${readingSql.pagesRead('$1')} as pages_read,
     ${readingSql.validationCount('$1')} as segments,
     (select count(*)::int from user_badges b where b.user_id = $1) as badges,
     (select count(*)::int from user_quests q where q.user_id = $1) as quests,
     (select coalesce(sum(x.amount), 0)::int from xp_events x where x.user_id = $1) as xp,
     (select array_agg(distinct to_char(v.validated_at at time zone u.time_zone, 'YYYY-MM-DD'))
        from (${readingSql.validationTimes({ userId: '$1' })}) v) as days,
     ${readingSql.categoriesRead('$1')} as categories
   from (${readersSql.timeZone('$1')}) u`,
);

export function createRewardsRepository({ db }: { db: Db }) {
  return {
    /** Every figure of a reader's stats in one query (streaks computed from its day list). */
    async stats(
      userId: string,
    ): Promise<UserStats & { readingDays: number; categoriesRead: number }> {
      const [row] = await statsStatement(db, [userId]);
      if (!row) throw new Error(`no reader ${userId}`);
      const days = row.days ?? [];
      const streaks = computeStreaks(days, localTime(new Date(), row.time_zone).day);
      const xp = Number(row.xp);
      return {
        booksRead: Number(row.books_read),
        pagesRead: Number(row.pages_read),
        segmentsValidated: Number(row.segments),
        readingMinutes: readingMinutes(Number(row.pages_read)),
        badgesCount: Number(row.badges),
        streakCurrent: streaks.current,
        streakBest: streaks.best,
        questsDone: Number(row.quests),
        xp,
        level: levelFromXp(xp),
        readingDays: days.length,
        categoriesRead: Number(row.categories),
      };
    },

    async badgesOf(userId: string) {
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
