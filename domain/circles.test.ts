import { describe, expect, it } from 'vitest';
import {
  addDays,
  circleDay,
  circleNameProblem,
  circleSchedule,
  circleStanding,
  dueDay,
  finishedTogether,
  frenchDay,
  isCalendarDay,
  nextDue,
  normalizeCircleName,
  reminderSegment,
  segmentsDueBy,
  segmentsOverdue,
  startDayProblem,
} from './circles';
import { createCircleBodySchema } from './circles.schemas';
import { circleMessages as m } from './messages/circles';

// A 100-page book: 4 segments (30, 30, 30, 10 pages), one every 7 days from 1 December.
const rhythm = { startDay: '2026-12-01', paceDays: 7, expectedSegments: 4 };

describe('the schedule', () => {
  it('puts segment n on start + n × pace days, with its pages', () => {
    expect(circleSchedule({ ...rhythm, totalPages: 100 })).toEqual([
      { segment: 1, dueDay: '2026-12-08', pages: { from: 1, to: 30 } },
      { segment: 2, dueDay: '2026-12-15', pages: { from: 31, to: 60 } },
      { segment: 3, dueDay: '2026-12-22', pages: { from: 61, to: 90 } },
      { segment: 4, dueDay: '2026-12-29', pages: { from: 91, to: 100 } },
    ]);
  });

  it('counts calendar days, so a daylight-saving change never moves a due day', () => {
    // Paris leaves summer time on 25 October 2026 and enters it on 28 March 2027.
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(dueDay(3, { startDay: '2027-03-20', paceDays: 3 })).toBe('2027-03-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('reads an instant as its Paris day, across midnight and both changes of time', () => {
    // Winter (UTC+1): 23:59 and 00:01 in Paris.
    expect(circleDay(new Date('2026-12-08T22:59:00Z'))).toBe('2026-12-08');
    expect(circleDay(new Date('2026-12-08T23:01:00Z'))).toBe('2026-12-09');
    // Summer (UTC+2): Paris is already the next day at 22:30 UTC.
    expect(circleDay(new Date('2027-03-28T21:59:00Z'))).toBe('2027-03-28');
    expect(circleDay(new Date('2027-03-28T22:01:00Z'))).toBe('2027-03-29');
    // The night the clocks go back: 00:30 Paris is 22:30 UTC the day before (still summer).
    expect(circleDay(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    expect(circleDay(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(circleDay(new Date('2026-10-25T23:01:00Z'))).toBe('2026-10-26');
  });

  it('writes a day as French does', () => {
    expect(frenchDay('2026-12-08')).toBe('8 décembre 2026');
    expect(frenchDay('2027-03-01')).toBe('1er mars 2027');
    expect(frenchDay('2027-03-11')).toBe('11 mars 2027');
  });
});

describe('segments due and where a member stands', () => {
  it('has nothing overdue before the first due day ends, then one more each pace', () => {
    const at = (today: string) => [segmentsOverdue(rhythm, today), segmentsDueBy(rhythm, today)];
    expect(at('2026-11-30')).toEqual([0, 0]);
    expect(at('2026-12-01')).toEqual([0, 0]);
    expect(at('2026-12-07')).toEqual([0, 0]);
    // Due today: not overdue before the day ends.
    expect(at('2026-12-08')).toEqual([0, 1]);
    expect(at('2026-12-09')).toEqual([1, 1]);
    expect(at('2026-12-15')).toEqual([1, 2]);
    expect(at('2026-12-16')).toEqual([2, 2]);
    // Never more than the book has.
    expect(at('2027-06-01')).toEqual([4, 4]);
  });

  it('says finished, behind, ahead or on track', () => {
    const standing = (validated: number, today: string) =>
      circleStanding(rhythm, { validated, today });
    expect(standing(0, '2026-12-05')).toBe('on_track');
    expect(standing(1, '2026-12-05')).toBe('ahead');
    expect(standing(0, '2026-12-08')).toBe('on_track');
    expect(standing(0, '2026-12-09')).toBe('behind');
    expect(standing(1, '2026-12-09')).toBe('on_track');
    expect(standing(2, '2026-12-09')).toBe('ahead');
    expect(standing(4, '2026-12-09')).toBe('finished');
    expect(standing(3, '2027-01-10')).toBe('behind');
  });

  it('reminds of the latest overdue segment, only when behind', () => {
    const remind = (validated: number, today: string) =>
      reminderSegment(rhythm, { validated, today });
    expect(remind(0, '2026-12-08')).toBeNull();
    expect(remind(0, '2026-12-09')).toBe(1);
    expect(remind(1, '2026-12-09')).toBeNull();
    expect(remind(0, '2026-12-16')).toBe(2);
    expect(remind(1, '2026-12-16')).toBe(2);
    expect(remind(4, '2027-02-01')).toBeNull();
  });

  it('gives the next segment due, none once the last is past', () => {
    expect(nextDue(rhythm, '2026-12-01')).toEqual({ segment: 1, dueDay: '2026-12-08' });
    expect(nextDue(rhythm, '2026-12-08')).toEqual({ segment: 1, dueDay: '2026-12-08' });
    expect(nextDue(rhythm, '2026-12-09')).toEqual({ segment: 2, dueDay: '2026-12-15' });
    expect(nextDue(rhythm, '2026-12-30')).toBeNull();
  });

  it('calls a book finished together from two finishers', () => {
    expect([0, 1, 2, 3].map(finishedTogether)).toEqual([false, false, true, true]);
  });
});

describe('starting a circle', () => {
  it('starts from today to 90 days ahead', () => {
    expect(startDayProblem('2026-11-27', '2026-11-28')).toBe('past');
    expect(startDayProblem('2026-11-28', '2026-11-28')).toBeNull();
    expect(startDayProblem('2027-02-26', '2026-11-28')).toBeNull();
    expect(startDayProblem('2027-02-27', '2026-11-28')).toBe('tooFar');
    expect(['2026-02-29', '2026-13-01', '2026-1-1', '', '2028-02-29'].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('normalizes the name and refuses hidden characters, too short or too long', () => {
    expect(normalizeCircleName('  Les   lecteurs\u00a0du jeudi ')).toBe('Les lecteurs du jeudi');
    expect(circleNameProblem('Ab')).toBe('tooShort');
    expect(circleNameProblem('a'.repeat(61))).toBe('tooLong');
    expect(circleNameProblem('Les\u200blecteurs')).toBe('invisible');
    expect(circleNameProblem('Les\nlecteurs')).toBe('invisible');
    expect(circleNameProblem('Cercle 🍂 d’automne')).toBeNull();
  });

  it('parses a request with French messages', () => {
    const body = {
      bookId: '7f0e8e0a-2d3c-4a59-9b1e-4c1a2b3c4d5e',
      name: ' Le cercle ',
      startDay: '2026-12-01',
      paceDays: 7,
    };
    expect(createCircleBodySchema.parse(body)).toEqual({ ...body, name: 'Le cercle' });
    const refused = (patch: object) =>
      createCircleBodySchema.safeParse({ ...body, ...patch }).error?.issues[0]?.message;
    expect(refused({ name: 'A' })).toBe(m.nameTooShort);
    expect(refused({ name: undefined })).toBe(m.nameRequired);
    expect(refused({ startDay: '2026-02-30' })).toBe(m.startDayInvalid);
    expect(refused({ paceDays: 0 })).toBe(m.paceInvalid);
    expect(refused({ paceDays: 31 })).toBe(m.paceInvalid);
    expect(refused({ paceDays: 1.5 })).toBe(m.paceInvalid);
    expect(refused({ bookId: 'x' })).toBe(m.bookIdInvalid);
    expect(refused({ extra: true })).toBeDefined();
  });
});
