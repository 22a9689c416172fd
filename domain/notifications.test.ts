import { describe, expect, it } from 'vitest';
import {
  BELL_BADGE_CAP,
  badgeCount,
  NOTIFICATION_TABS,
  NOTIFICATION_TYPES,
  TAB_BADGE_CAP,
  tabOf,
} from './notifications';

describe('notification tabs and badges', () => {
  it("puts every kind in exactly one tab: the streaks' (friend streaks too), the rest social", () => {
    expect(NOTIFICATION_TYPES.map(tabOf)).toEqual([
      'streaks',
      'streaks',
      'streaks',
      'social',
      'social',
      'social',
      'social',
      'social',
      'social',
      'social',
      // Friend streaks (invitation, accepted, nudge), then the friend quest (decision 055).
      'streaks',
      'streaks',
      'streaks',
      'social',
      'social',
    ]);
    const listed = [...NOTIFICATION_TABS.streaks, ...NOTIFICATION_TABS.social];
    expect([...listed].sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it("caps the bell at '99+' and the 'Tous' tab at '9+', never below 0", () => {
    expect(badgeCount(99, BELL_BADGE_CAP)).toBe('99');
    expect(badgeCount(100, BELL_BADGE_CAP)).toBe('99+');
    expect(badgeCount(9, TAB_BADGE_CAP)).toBe('9');
    expect(badgeCount(10, TAB_BADGE_CAP)).toBe('9+');
    expect(badgeCount(-2, TAB_BADGE_CAP)).toBe('0');
  });
});
