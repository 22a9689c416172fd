import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptStreakRefusal,
  dayBefore,
  daysFrom,
  type FriendStreakState,
  friendDayOf,
  friendStreakOn,
  judgeMissed,
  MAX_FRIEND_STREAKS,
  newFriendStreak,
  nudgeRefusal,
  type StartStreakCheck,
  shareDay,
  sharedDays,
  startQuestRefusal,
  startStreakRefusal,
  weekOf,
} from './friends';
import { friendsMessages as m } from './messages/friends';
import { streakWithFreezes } from './streak-freeze';

const state = (over: Partial<FriendStreakState> = {}): FriendStreakState => ({
  ...newFriendStreak('2026-03-01'),
  ...over,
});

describe('the Paris day and week of a friend streak', () => {
  it('is the Paris calendar day, across midnight and both daylight-saving changes', () => {
    // 23:59 and 00:01 Paris in winter (UTC+1).
    expect(friendDayOf(new Date('2026-01-14T22:59:00Z'))).toBe('2026-01-14');
    expect(friendDayOf(new Date('2026-01-14T23:01:00Z'))).toBe('2026-01-15');
    // In summer (UTC+2): 22:30 UTC is already the next day in Paris.
    expect(friendDayOf(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    // The spring change (29 March 2026, 02:00 → 03:00) and the autumn one (25 October).
    expect(friendDayOf(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(friendDayOf(new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(friendDayOf(new Date('2026-03-29T22:01:00Z'))).toBe('2026-03-30');
    expect(friendDayOf(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(friendDayOf(new Date('2026-10-25T23:01:00Z'))).toBe('2026-10-26');
  });

  it('weeks run Monday to Sunday', () => {
    expect(weekOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekOf('2026-11-29')).toBe('2026-11-23'); // its Sunday
    expect(weekOf('2026-11-30')).toBe('2026-11-30');
    expect(weekOf('2027-01-01')).toBe('2026-12-28'); // across a year
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });
});

describe('a friend streak, day by day', () => {
  it('grows by one on each shared day, and a day already counted changes nothing', () => {
    let s = newFriendStreak('2026-03-01');
    s = shareDay(s, '2026-03-01');
    expect(s).toMatchObject({ current: 1, best: 1, judgedThrough: '2026-03-01' });
    expect(shareDay(s, '2026-03-01')).toBe(s);
    s = shareDay(s, '2026-03-02');
    expect(s).toMatchObject({ current: 2, best: 2, freezes: 0 });
  });

  it('earns a freeze every 7 shared days, 2 at most, and spends one on a missed day', () => {
    let s = newFriendStreak('2026-03-01');
    for (const day of daysFrom('2026-03-01', '2026-03-21')) s = shareDay(s, day);
    expect(s).toMatchObject({ current: 21, freezes: 2 });
    // 22 March missed: a freeze is spent when the 23rd is shared.
    s = shareDay(s, '2026-03-23');
    expect(s).toMatchObject({ current: 22, freezes: 1 });
    // Two days missed with one freeze: the run ends, then starts again at 1.
    s = shareDay(s, '2026-03-26');
    expect(s).toMatchObject({ current: 1, best: 22, freezes: 0 });
  });

  it('is shown alive until the end of the day after its last shared day', () => {
    const s = shareDay(newFriendStreak('2026-03-01'), '2026-03-01');
    expect(friendStreakOn(s, '2026-03-01').current).toBe(1);
    expect(friendStreakOn(s, '2026-03-02').current).toBe(1);
    expect(friendStreakOn(s, '2026-03-03').current).toBe(0);
  });

  it('judges missed days once: the nightly job and the next shared day agree', () => {
    const s = state({ current: 8, best: 8, freezes: 1, judgedThrough: '2026-03-10' });
    const byJob = shareDay(judgeMissed(s, '2026-03-11'), '2026-03-12');
    expect(byJob).toEqual(shareDay(s, '2026-03-12'));
    expect(byJob).toMatchObject({ current: 9, freezes: 0 });
    expect(judgeMissed(byJob, '2026-03-11')).toBe(byJob);
  });

  it('equals the streak with freezes of the shared days, whatever days each reads and whenever the job runs', () => {
    const start = '2026-01-05';
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        (aReads, bReads, jobRuns) => {
          const days = daysFrom(start, '2026-03-05').slice(0, aReads.length);
          const today = days.at(-1) as string;
          const a = days.filter((_, i) => aReads[i] ?? false);
          const b = days.filter((_, i) => bReads[i] ?? true);
          let s = newFriendStreak(start);
          for (const [i, day] of days.entries()) {
            // The nightly job at the start of the day, for the day before, on some nights.
            if (jobRuns[i]) s = judgeMissed(s, dayBefore(day));
            if (a.includes(day) && b.includes(day)) s = shareDay(s, day);
          }
          const expected = streakWithFreezes(sharedDays(a, b, start), today);
          const shown = friendStreakOn(s, today);
          expect({ current: shown.current, best: shown.best, freezes: shown.freezes }).toEqual({
            current: expected.current,
            best: expected.best,
            freezes: expected.freezes,
          });
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('who may start, accept and nudge', () => {
  const ok: StartStreakCheck = {
    self: false,
    found: true,
    blocked: false,
    mutual: true,
    existing: null,
    mine: 0,
    theirs: 0,
  };

  it('starts a friend streak only between two readers who follow each other', () => {
    expect(startStreakRefusal(ok)).toBeNull();
    expect(startStreakRefusal({ ...ok, self: true })?.message).toBe(m.streakSelf);
    expect(startStreakRefusal({ ...ok, found: false })?.code).toBe('NOT_FOUND');
    expect(startStreakRefusal({ ...ok, blocked: true })?.code).toBe('NOT_FOUND');
    expect(startStreakRefusal({ ...ok, mutual: false })).toEqual({
      code: 'FORBIDDEN',
      message: m.notMutual,
    });
    expect(startStreakRefusal({ ...ok, existing: 'received' })?.message).toBe(m.streakInvitedYou);
  });

  it('refuses a sixth one, mine or theirs', () => {
    expect(startStreakRefusal({ ...ok, mine: MAX_FRIEND_STREAKS - 1 })).toBeNull();
    expect(startStreakRefusal({ ...ok, mine: MAX_FRIEND_STREAKS })?.message).toBe(m.tooManyStreaks);
    expect(startStreakRefusal({ ...ok, theirs: MAX_FRIEND_STREAKS })?.message).toBe(
      m.theyHaveTooMany,
    );
    const accept = { blocked: false, mutual: true, mine: 4, theirs: 4 };
    expect(acceptStreakRefusal(accept)).toBeNull();
    expect(acceptStreakRefusal({ ...accept, mine: 5 })?.message).toBe(m.tooManyStreaks);
    expect(acceptStreakRefusal({ ...accept, mutual: false })?.message).toBe(m.notMutual);
  });

  it('nudges when I read today and my friend has not, once a day', () => {
    const today = '2026-03-10';
    const c = { today, myDay: today, theirDay: '2026-03-09', nudgedOn: null };
    expect(nudgeRefusal(c)).toBeNull();
    expect(nudgeRefusal({ ...c, myDay: '2026-03-09' })?.message).toBe(m.nudgeReadFirst);
    expect(nudgeRefusal({ ...c, theirDay: today })?.message).toBe(m.nudgeAlreadyRead);
    expect(nudgeRefusal({ ...c, nudgedOn: today })?.message).toBe(m.nudgeAlreadySent);
    expect(nudgeRefusal({ ...c, nudgedOn: '2026-03-09' })).toBeNull();
  });

  it('pairs a reader on one friend quest a week', () => {
    const q = {
      self: false,
      found: true,
      blocked: false,
      mutual: true,
      mineThisWeek: false,
      theirsThisWeek: false,
      pending: null,
    } as const;
    expect(startQuestRefusal(q)).toBeNull();
    expect(startQuestRefusal({ ...q, mineThisWeek: true })?.message).toBe(m.questMineThisWeek);
    expect(startQuestRefusal({ ...q, theirsThisWeek: true })?.message).toBe(m.questTheirsThisWeek);
    expect(startQuestRefusal({ ...q, pending: 'received' })?.message).toBe(m.questInvitedYou);
    expect(startQuestRefusal({ ...q, mutual: false })?.code).toBe('FORBIDDEN');
  });
});
