// Spec 000 §4: level 1 below 100 XP, 2 from 100, 3 from 250, 4 from 500, 5 from 1000.
const THRESHOLDS = [0, 100, 250, 500, 1000] as const;

/** The level shown next to a reader's XP (1 to 5). */
export function levelFromXp(xp: number): number {
  let level = 1;
  THRESHOLDS.forEach((threshold, i) => {
    if (xp >= threshold) level = i + 1;
  });
  return level;
}

export const XP_PER_ACHIEVEMENT_LEVEL = 1000;

/**
 * The achievements page's reading (docs/architecture.md#xp-and-levels): 1000 XP per level,
 * progress = XP mod 1000.
 */
export function achievementProgress(xp: number): {
  level: number;
  progress: number;
  perLevel: number;
} {
  const safe = Math.max(0, Math.floor(xp));
  return {
    level: Math.floor(safe / XP_PER_ACHIEVEMENT_LEVEL) + 1,
    progress: safe % XP_PER_ACHIEVEMENT_LEVEL,
    perLevel: XP_PER_ACHIEVEMENT_LEVEL,
  };
}
