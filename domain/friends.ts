import { DEFAULT_TIME_ZONE, daysBetween, localTime } from './calendar';
import { friendsMessages as m } from './messages/friends';
import { XP } from './rewards';
import { FREEZE_EVERY_DAYS, MAX_FREEZES, nextDay } from './streak-freeze';

// Friend streaks and the weekly friend quest (docs/architecture.md#friends, decision 055): the
// rules both the server (which decides) and the client (which shows) read. A friend streak
// counts the Paris days on which both readers validated a segment, with the freezes of
// domain/streak-freeze.ts: the same rule as a reader's own streak, on the days the two share.

/** A friend streak's day is a calendar day in Paris, for both readers wherever they are. */
export const FRIEND_DAY_ZONE = DEFAULT_TIME_ZONE;
/** Friend streaks a reader may hold at once (active ones; invitations sent count too). */
export const MAX_FRIEND_STREAKS = 5;
/** Segments the two readers of a weekly friend quest validate between them. */
export const FRIEND_QUEST_TARGET = 6;
/** XP each of the two earns when their friend quest is met (a quest's, domain/rewards.ts). */
export const FRIEND_QUEST_XP = XP.quest;

/** The Paris day ('YYYY-MM-DD') of an instant. */
export const friendDayOf = (at: Date): string => localTime(at, FRIEND_DAY_ZONE).day;

/** The day before a 'YYYY-MM-DD' day (calendar arithmetic). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The Monday ('YYYY-MM-DD') of the week (Monday to Sunday) a day belongs to. */
export function weekOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(Date.parse(`${day}T00:00:00Z`) - weekday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * What the server keeps of a friend streak: the run of shared days, its best, the freezes
 * held, and the last day already judged (shared, frozen or missed). Days after
 * `judgedThrough` are still to be judged: a shared day when both validate, the others by
 * the nightly job or the next shared day, whichever comes first.
 */
export type FriendStreakState = {
  current: number;
  best: number;
  freezes: number;
  judgedThrough: string;
};

/** A friend streak started on `day`: nothing judged before it. */
export const newFriendStreak = (day: string): FriendStreakState => ({
  current: 0,
  best: 0,
  freezes: 0,
  judgedThrough: dayBefore(day),
});

/**
 * Judges the days after `judgedThrough` up to `through` as missed: each spends a freeze,
 * and the run ends on the first one without (then the freezes are all spent). A run at 0
 * spends nothing, as in streakWithFreezes.
 */
export function judgeMissed(state: FriendStreakState, through: string): FriendStreakState {
  const missed = daysBetween(state.judgedThrough, through);
  if (missed <= 0) return state;
  if (state.current === 0 || missed <= state.freezes) {
    const spent = state.current === 0 ? 0 : missed;
    return { ...state, freezes: state.freezes - spent, judgedThrough: through };
  }
  return { ...state, current: 0, freezes: 0, judgedThrough: through };
}

/**
 * Both readers validated on `day`: the days before it are judged missed first, then the run
 * grows by one, and every FREEZE_EVERY_DAYS-th day of it earns a freeze (at most
 * MAX_FREEZES). A day already judged changes nothing.
 */
export function shareDay(state: FriendStreakState, day: string): FriendStreakState {
  if (daysBetween(state.judgedThrough, day) <= 0) return state;
  const before = judgeMissed(state, dayBefore(day));
  const current = before.current + 1;
  const earned = current % FREEZE_EVERY_DAYS === 0 ? 1 : 0;
  return {
    current,
    best: Math.max(before.best, current),
    freezes: Math.min(MAX_FREEZES, before.freezes + earned),
    judgedThrough: day,
  };
}

/** The streak as shown on `today`: every day before today judged (today is not over). */
export const friendStreakOn = (state: FriendStreakState, today: string): FriendStreakState =>
  judgeMissed(state, dayBefore(today));

/** The days both read on, from `since` on: what a friend streak counts. */
export function sharedDays(a: readonly string[], b: readonly string[], since: string): string[] {
  const other = new Set(b);
  return [...new Set(a)].filter((day) => day >= since && other.has(day)).sort();
}

/** Calendar days from one day to another, inclusive ('YYYY-MM-DD' each). */
export function daysFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) out.push(day);
  return out;
}

/** A refusal the server answers with, its code and French text. */
export type FriendRefusal = {
  code: 'VALIDATION_ERROR' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT';
  message: string;
};

/** What starting a friend streak (an invitation) depends on. */
export type StartStreakCheck = {
  self: boolean;
  found: boolean;
  blocked: boolean;
  /** Each follows the other. */
  mutual: boolean;
  /** A friend streak of the two already: active, invited by me, or by them. */
  existing: 'active' | 'sent' | 'received' | null;
  /** My active friend streaks and invitations I sent. */
  mine: number;
  /** Their active friend streaks. */
  theirs: number;
};

/** Why an invitation to a friend streak is refused, or null when it may be sent. */
export function startStreakRefusal(c: StartStreakCheck): FriendRefusal | null {
  if (c.self) return { code: 'VALIDATION_ERROR', message: m.streakSelf };
  if (!c.found || c.blocked) return { code: 'NOT_FOUND', message: m.readerNotFound };
  if (!c.mutual) return { code: 'FORBIDDEN', message: m.notMutual };
  if (c.existing === 'active') return { code: 'CONFLICT', message: m.streakExists };
  if (c.existing === 'sent') return { code: 'CONFLICT', message: m.streakInvitationPending };
  if (c.existing === 'received') return { code: 'CONFLICT', message: m.streakInvitedYou };
  if (c.mine >= MAX_FRIEND_STREAKS) return { code: 'CONFLICT', message: m.tooManyStreaks };
  if (c.theirs >= MAX_FRIEND_STREAKS) return { code: 'CONFLICT', message: m.theyHaveTooMany };
  return null;
}

/** Why accepting an invitation is refused: a block, follows gone, or five streaks already. */
export function acceptStreakRefusal(c: {
  blocked: boolean;
  mutual: boolean;
  mine: number;
  theirs: number;
}): FriendRefusal | null {
  if (c.blocked) return { code: 'NOT_FOUND', message: m.streakNotFound };
  if (!c.mutual) return { code: 'FORBIDDEN', message: m.notMutual };
  if (c.mine >= MAX_FRIEND_STREAKS) return { code: 'CONFLICT', message: m.tooManyStreaks };
  if (c.theirs >= MAX_FRIEND_STREAKS) return { code: 'CONFLICT', message: m.theyHaveTooMany };
  return null;
}

/**
 * Why a nudge is refused: I read today and my friend has not, once a day. Days are Paris
 * days ('YYYY-MM-DD'), null for never.
 */
export function nudgeRefusal(c: {
  today: string;
  myDay: string | null;
  theirDay: string | null;
  nudgedOn: string | null;
}): FriendRefusal | null {
  if (c.myDay !== c.today) return { code: 'CONFLICT', message: m.nudgeReadFirst };
  if (c.theirDay === c.today) return { code: 'CONFLICT', message: m.nudgeAlreadyRead };
  if (c.nudgedOn === c.today) return { code: 'CONFLICT', message: m.nudgeAlreadySent };
  return null;
}

/** What proposing this week's friend quest depends on. */
export type StartQuestCheck = {
  self: boolean;
  found: boolean;
  blocked: boolean;
  mutual: boolean;
  /** I am in a friend quest this week already. */
  mineThisWeek: boolean;
  /** They are. */
  theirsThisWeek: boolean;
  /** An invitation between the two for this week, either way. */
  pending: 'sent' | 'received' | null;
};

/** Why a friend quest invitation is refused, or null when it may be sent. */
export function startQuestRefusal(c: StartQuestCheck): FriendRefusal | null {
  if (c.self) return { code: 'VALIDATION_ERROR', message: m.questSelf };
  if (!c.found || c.blocked) return { code: 'NOT_FOUND', message: m.readerNotFound };
  if (!c.mutual) return { code: 'FORBIDDEN', message: m.notMutual };
  if (c.mineThisWeek) return { code: 'CONFLICT', message: m.questMineThisWeek };
  if (c.theirsThisWeek) return { code: 'CONFLICT', message: m.questTheirsThisWeek };
  if (c.pending === 'sent') return { code: 'CONFLICT', message: m.questInvitationPending };
  if (c.pending === 'received') return { code: 'CONFLICT', message: m.questInvitedYou };
  return null;
}
