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
    const streaks = [
      'streak_nudge',
      'streak_kept',
      'streak_lost',
      // Friend streaks (invitation, accepted, nudge: decision 055).
      'friend_streak_invite',
      'friend_streak_accepted',
      'friend_streak_nudge',
    ];
    for (const type of NOTIFICATION_TYPES) {
      expect(tabOf(type), type).toBe(streaks.includes(type) ? 'streaks' : 'social');
    }
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
