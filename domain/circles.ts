import { DEFAULT_TIME_ZONE, daysBetween, localTime } from './calendar';
import { segmentPages } from './segments';

// Reading circles (docs/architecture.md#reading-circles, decision 056): a few readers read one
// book at one pace. Everything here is about calendar days in Paris ('YYYY-MM-DD'), so a
// daylight-saving change never moves a due date: segment n is due on start + n × pace days.

/** Members of a circle at most, its creator included. */
export const CIRCLE_MAX_MEMBERS = 50;

/** A circle's name, after trimming: 3 to 60 characters. */
export const CIRCLE_NAME = { min: 3, max: 60 } as const;

/** Days per segment: one segment a day at the fastest, one a month at the slowest. */
export const CIRCLE_PACE_DAYS = { min: 1, max: 30 } as const;

/** How far ahead a circle may start: from today (Paris) to 90 days later. */
export const CIRCLE_START_WITHIN_DAYS = 90;

/** The time zone of every circle's days: one schedule for all its members. */
export const CIRCLE_TIME_ZONE = DEFAULT_TIME_ZONE;

/** The badge every finisher of a circle gets once two members or more have finished. */
export const CIRCLE_BADGE = 'lu-ensemble';

/** Where a member stands against the schedule. */
export const CIRCLE_STANDINGS = ['finished', 'ahead', 'on_track', 'behind'] as const;
export type CircleStanding = (typeof CIRCLE_STANDINGS)[number];

/** The Paris calendar day of an instant. */
export function circleDay(at: Date): string {
  return localTime(at, CIRCLE_TIME_ZONE).day;
}

/** The calendar day `n` days after `day` (before it when n < 0). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/** Why a start day is refused ('past', 'tooFar'), or null: from today to 90 days ahead. */
export function startDayProblem(startDay: string, today: string): 'past' | 'tooFar' | null {
  const ahead = daysBetween(today, startDay);
  if (ahead < 0) return 'past';
  if (ahead > CIRCLE_START_WITHIN_DAYS) return 'tooFar';
  return null;
}

export type CircleRhythm = { startDay: string; paceDays: number; expectedSegments: number };

/** The day segment `n` is due: start + n × pace. Reading it that day is on time. */
export function dueDay(n: number, { startDay, paceDays }: Omit<CircleRhythm, 'expectedSegments'>) {
  return addDays(startDay, n * paceDays);
}

/** The schedule: each segment, its pages and the day it is due. */
export function circleSchedule(rhythm: CircleRhythm & { totalPages: number }) {
  return Array.from({ length: rhythm.expectedSegments }, (_, i) => ({
    segment: i + 1,
    dueDay: dueDay(i + 1, rhythm),
    pages: segmentPages(i + 1, rhythm.totalPages),
  }));
}

/**
 * Segments whose due day is over on `today` (due before today): a member with fewer validated
 * is behind. 0 before the first due day; never more than the book has.
 */
export function segmentsOverdue(rhythm: CircleRhythm, today: string): number {
  const days = daysBetween(rhythm.startDay, today);
  if (days <= 0) return 0;
  return Math.min(rhythm.expectedSegments, Math.ceil(days / rhythm.paceDays) - 1);
}

/** Segments due by the end of `today` (due today or before). */
export function segmentsDueBy(rhythm: CircleRhythm, today: string): number {
  const days = daysBetween(rhythm.startDay, today);
  if (days <= 0) return 0;
  return Math.min(rhythm.expectedSegments, Math.floor(days / rhythm.paceDays));
}

/**
 * Where a member stands on `today`: finished (every segment validated), behind (fewer than the
 * segments overdue), ahead (more than the segments due by tonight), else on track.
 */
export function circleStanding(
  rhythm: CircleRhythm,
  { validated, today }: { validated: number; today: string },
): CircleStanding {
  if (validated >= rhythm.expectedSegments) return 'finished';
  if (validated < segmentsOverdue(rhythm, today)) return 'behind';
  if (validated > segmentsDueBy(rhythm, today)) return 'ahead';
  return 'on_track';
}

/**
 * The segment a member behind the pace is reminded of: the latest one overdue (a member is
 * reminded at most once per segment, so one who stays behind hears again only when the next
 * due day passes). Null when they are not behind.
 */
export function reminderSegment(
  rhythm: CircleRhythm,
  { validated, today }: { validated: number; today: string },
): number | null {
  const overdue = segmentsOverdue(rhythm, today);
  return validated < overdue ? overdue : null;
}

/** The next segment due on or after `today`, with its day; null once the last one is past. */
export function nextDue(rhythm: CircleRhythm, today: string) {
  const n = segmentsOverdue(rhythm, today) + 1;
  return n > rhythm.expectedSegments ? null : { segment: n, dueDay: dueDay(n, rhythm) };
}

/** Finishing together: at least two members of the circle finished the book. */
export function finishedTogether(finishers: number): boolean {
  return finishers >= 2;
}

// Invisible and control characters (zero-width, bidi, line separators…) have no place in a
// name others read.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;

/** A circle's name as stored: NFKC, spaces collapsed, trimmed. */
export function normalizeCircleName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\p{Zs}+/gu, ' ')
    .replace(/^ | $/g, '');
}

/** What is wrong with a normalized name, or null. */
export function circleNameProblem(name: string): 'invisible' | 'tooShort' | 'tooLong' | null {
  if (INVISIBLE.test(name)) return 'invisible';
  if ([...name].length < CIRCLE_NAME.min) return 'tooShort';
  if ([...name].length > CIRCLE_NAME.max) return 'tooLong';
  return null;
}

/** Invitation codes: 16 random bytes in base64url (22 characters). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The join page of an invitation code. */
export function circleJoinPath(code: string): string {
  return `/cercles/rejoindre/${encodeURIComponent(code)}`;
}

/** A circle's page. */
export function circlePath(id: string): string {
  return `/cercles/${encodeURIComponent(id)}`;
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** A calendar day as French writes it: '5 décembre 2026', '1er mars 2027'. */
export function frenchDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dayFormat.format(new Date(`${day}T00:00:00Z`)).replace(/^1 /, '1er ');
}
