import { z } from 'zod';
import type { Rarity } from './rewards';

// Response contracts: the types are inferred from them, the OpenAPI document is generated from them.

const rarities = ['common', 'rare', 'epic', 'legendary'] as const satisfies readonly Rarity[];

/** get_user_stats of the spec, plus what the profile tiles show. */
export const userStatsSchema = z.object({
  booksRead: z.number(),
  pagesRead: z.number(),
  segmentsValidated: z.number(),
  readingMinutes: z.number(),
  badgesCount: z.number(),
  streakCurrent: z.number(),
  streakBest: z.number(),
  /** Streak freezes held (0 to 2): one earned per 7-day streak, spent on a missed day. */
  streakFreezes: z.number().describe('Gels de série en réserve (0 à 2).'),
  questsDone: z.number(),
  xp: z.number(),
  /** The one level scale of every screen (decision 018): 1 to 5 by XP thresholds. */
  level: z.number().describe('Niveau de 1 à 5 (seuils 100, 250, 500 et 1000 XP).'),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const badgeViewSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  rarity: z.enum(rarities),
  /** When earned (the latest time for the monthly gift), or null if not yet. */
  earnedAt: z.string().nullable().describe('Date du dernier gain, ou null.'),
  /** How many times (months) the monthly gift was earned; 1 for the others once earned. */
  times: z.number().describe('Nombre de gains (mois pour le cadeau du mois).'),
});
export type BadgeView = z.infer<typeof badgeViewSchema>;

export const questViewSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  unlockedAt: z.string().nullable(),
});
export type QuestView = z.infer<typeof questViewSchema>;

export const challengeSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  current: z.number(),
  target: z.number(),
});
export type Challenge = z.infer<typeof challengeSchema>;

// No level of its own: the page reads stats.level, the one scale (decision 018).
export const achievementsSchema = z.object({
  stats: userStatsSchema,
  badges: z.array(badgeViewSchema),
  quests: z.array(questViewSchema),
  challenges: z.array(challengeSchema),
});
export type Achievements = z.infer<typeof achievementsSchema>;

/** GET /api/profiles/:id/badges: the badges a reader earned. */
export const profileBadgesSchema = z.object({ badges: z.array(badgeViewSchema) });
