import { sql } from 'drizzle-orm';
import { localTime } from '../../../domain/calendar';
import { levelFromXp } from '../../../domain/levels';
import { readingMinutes } from '../../../domain/rewards';
import type { UserStats } from '../../../domain/rewards.schemas';
import { computeStreaks } from '../../../domain/streaks';
import type { Db } from '../../db/client';

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

export function createRewardsRepository({ db }: { db: Db }) {
  return {
    /** Every figure of a reader's stats in one query (streaks computed from its day list). */
    async stats(
      userId: string,
    ): Promise<UserStats & { readingDays: number; categoriesRead: number }> {
      const result = await db.execute<StatsRow>(sql`
        select u.time_zone,
          (select count(*)::int from reading_progress p where p.user_id = u.id and p.status = 'completed') as books_read,
          (select coalesce(sum(p.current_page), 0)::int from reading_progress p where p.user_id = u.id) as pages_read,
          (select count(*)::int from reading_validations v where v.user_id = u.id) as segments,
          (select count(*)::int from user_badges b where b.user_id = u.id) as badges,
          (select count(*)::int from user_quests q where q.user_id = u.id) as quests,
          (select coalesce(sum(x.amount), 0)::int from xp_events x where x.user_id = u.id) as xp,
          (select array_agg(distinct to_char(v.validated_at at time zone u.time_zone, 'YYYY-MM-DD'))
             from reading_validations v where v.user_id = u.id) as days,
          (select count(distinct b.category)::int from reading_validations v
             join books b on b.id = v.book_id where v.user_id = u.id) as categories
        from users u where u.id = ${userId}`);
      const row = result.rows[0];
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
