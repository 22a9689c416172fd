import { levelFromXp } from '../../domain/levels';
import {
  type BadgeSlug,
  badges,
  challenges,
  type QuestSlug,
  quests,
  readingMinutes,
} from '../../domain/rewards';
import type { Achievements, UserStats } from '../../domain/rewards.schemas';

/**
 * An achievements answer as the server builds it, for component tests: the real catalogue,
 * with the figures, earned badges and done quests the test is about (a new reader by default).
 */
export function anAchievements(
  options: {
    stats?: Partial<UserStats>;
    earned?: Partial<Record<BadgeSlug, { earnedAt: string; times?: number }>>;
    done?: Partial<Record<QuestSlug, string>>;
    current?: Partial<Record<keyof typeof challenges, number>>;
  } = {},
): Achievements {
  const xp = options.stats?.xp ?? 0;
  const pagesRead = options.stats?.pagesRead ?? 0;
  const stats: UserStats = {
    booksRead: 0,
    pagesRead,
    segmentsValidated: 0,
    readingMinutes: readingMinutes(pagesRead),
    badgesCount: 0,
    streakCurrent: 0,
    streakBest: 0,
    streakFreezes: 0,
    questsDone: 0,
    xp,
    level: levelFromXp(xp),
    ...options.stats,
  };
  return {
    stats,
    badges: (Object.keys(badges) as BadgeSlug[]).map((slug) => {
      const earned = options.earned?.[slug];
      return {
        slug,
        ...badges[slug],
        earnedAt: earned?.earnedAt ?? null,
        times: earned ? (earned.times ?? 1) : 0,
      };
    }),
    quests: (Object.keys(quests) as QuestSlug[]).map((slug) => ({
      slug,
      ...quests[slug],
      unlockedAt: options.done?.[slug] ?? null,
    })),
    challenges: (Object.keys(challenges) as (keyof typeof challenges)[]).map((slug) => ({
      slug,
      ...challenges[slug],
      current: options.current?.[slug] ?? 0,
    })),
  };
}
