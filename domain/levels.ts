// One level scale for every screen (decision 018, docs/architecture.md#xp-and-levels): the
// spec's five thresholds. Level 1 below 100 XP, 2 from 100, 3 from 250, 4 from 500, 5 from 1000;
// 5 is the last. The achievements page's other reading (1000 XP per level) is not used.
const THRESHOLDS = [0, 100, 250, 500, 1000] as const;

/** The highest level; XP keeps growing past it. */
export const MAX_LEVEL = THRESHOLDS.length;

/** A reader's level (1 to 5) for their XP. */
export function levelFromXp(xp: number): number {
  let level = 1;
  THRESHOLDS.forEach((threshold, i) => {
    if (xp >= threshold) level = i + 1;
  });
  return level;
}

/** The XP at which the level after `level` starts, or null at the highest level. */
export function nextLevelXp(level: number): number | null {
  return level >= 1 && level < MAX_LEVEL ? (THRESHOLDS[level] ?? null) : null;
}

/** The level reached by gaining `gained` XP from `before`, or null when the level stays. */
export function levelReached({
  before,
  gained,
}: {
  before: number;
  gained: number;
}): number | null {
  const after = levelFromXp(before + gained);
  return after > levelFromXp(before) ? after : null;
}
