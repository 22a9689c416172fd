import type { Rarity } from './rewards';

/** get_user_stats of the spec, plus what the profile tiles show. */
export type UserStats = {
  booksRead: number;
  pagesRead: number;
  segmentsValidated: number;
  readingMinutes: number;
  badgesCount: number;
  streakCurrent: number;
  streakBest: number;
  questsDone: number;
  xp: number;
  level: number;
};

export type BadgeView = {
  slug: string;
  name: string;
  description: string;
  icon: string;
  color: string;
  rarity: Rarity;
  /** When earned (the latest time for the monthly gift), or null if not yet. */
  earnedAt: string | null;
  /** How many times (months) the monthly gift was earned; 1 for the others once earned. */
  times: number;
};

export type QuestView = {
  slug: string;
  title: string;
  description: string;
  icon: string;
  unlockedAt: string | null;
};

export type Challenge = {
  slug: string;
  title: string;
  description: string;
  current: number;
  target: number;
};

export type Achievements = {
  stats: UserStats;
  progression: { level: number; progress: number; perLevel: number };
  badges: BadgeView[];
  quests: QuestView[];
  challenges: Challenge[];
};
