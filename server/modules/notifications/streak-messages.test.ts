import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { runSchedule } from '../../test/jobs';
import { insertReaders, validateAt } from '../../test/validations';
import { occurrenceAtOrBefore, PARIS } from '../jobs/schedule-instant';
import {
  STREAK_CHECK,
  STREAK_CHECK_CRON,
  STREAK_NUDGE,
  STREAK_NUDGE_CRON,
} from './streak-messages';

// The streak schedules run through the app's real queue at chosen instants (the tests'
// clock): who gets what, across Paris midnight and both daylight-saving changes, and a second
// run of an occurrence adding nothing. Each test uses its own readers and its own dates.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

type Sent = {
  recipient_id: string;
  type: string;
  meta: Record<string, unknown>;
  dedupe_key: string;
};

/** The notifications of these readers, as the table holds them. */
async function sentTo(readers: string[]): Promise<Sent[]> {
  const { rows } = await t.database.db.execute<Sent>(
    sql`select recipient_id, type, meta, dedupe_key from notifications
        where recipient_id in (${sql.join(
          readers.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by created_at, dedupe_key`,
  );
  return rows;
}

/** What each reader got, by name: 'type dedupe_key streak'. */
async function byName(readers: Record<string, string>) {
  const sent = await sentTo(Object.values(readers));
  const names = Object.fromEntries(Object.entries(readers).map(([name, id]) => [id, name]));
  return Object.fromEntries(
    Object.keys(readers).map((name) => [
      name,
      sent
        .filter((s) => names[s.recipient_id] === name)
        .map((s) => `${s.type} ${s.dedupe_key} ${s.meta.streak}`),
    ]),
  );
}

async function liveEventsOf(readers: string[]): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from live_events where kind = 'notification' and reader_id in (${sql.join(
      readers.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return Number(rows[0]?.n);
}

/** New readers labelled by `names` (the labels are not their display names, which are unique). */
async function readers(...names: string[]): Promise<Record<string, string>> {
  const ids = await insertReaders(
    t.database.db,
    names.map(() => null),
  );
  return Object.fromEntries(names.map((name, i) => [name, ids[i] as string]));
}

describe('the evening nudge (19:00 Paris)', () => {
  it('goes to readers whose streak is alive and who have not validated today, Paris days', async () => {
    const r = await readers(
      'alive',
      'readToday',
      'broken',
      'never',
      'lateYesterday',
      'pastMidnight',
    );
    const db = t.database.db;
    // January: Paris is UTC+1. "Today" is 2027-01-12.
    await validateAt(db, r.alive as string, ['2027-01-10T09:00:00Z', '2027-01-11T09:00:00Z']);
    await validateAt(db, r.readToday as string, ['2027-01-11T09:00:00Z', '2027-01-12T08:00:00Z']);
    await validateAt(db, r.broken as string, ['2027-01-10T09:00:00Z']);
    // 23:30 Paris on the 11th is yesterday; 00:30 Paris on the 12th (23:30 UTC the 11th) is today.
    await validateAt(db, r.lateYesterday as string, ['2027-01-11T22:30:00Z']);
    await validateAt(db, r.pastMidnight as string, [
      '2027-01-10T12:00:00Z',
      '2027-01-11T23:30:00Z',
    ]);

    const at = new Date('2027-01-12T18:00:00Z'); // 19:00 Paris
    await runSchedule(t, STREAK_NUDGE, at);
    expect(await byName(r)).toEqual({
      alive: ['streak_nudge nudge:2027-01-12 2'],
      readToday: [],
      broken: [],
      never: [],
      lateYesterday: ['streak_nudge nudge:2027-01-12 1'],
      pastMidnight: [],
    });
    const [nudge] = await sentTo([r.alive as string]);
    // No message of its own: the client shows the spec's 'Tu n'as pas validé aujourd'hui…'.
    expect(nudge?.meta).toEqual({ day: '2027-01-12', streak: 2 });

    // The notification went live to its reader, once; a second run adds nothing.
    expect(await liveEventsOf(Object.values(r))).toBe(2);
    await runSchedule(t, STREAK_NUDGE, at);
    expect(await sentTo(Object.values(r))).toHaveLength(2);
    expect(await liveEventsOf(Object.values(r))).toBe(2);

    // The next evening is another day, another key: readers who validated on the 12th and not
    // the 13th are nudged; 'alive' is not, their streak broke on the 12th.
    await runSchedule(t, STREAK_NUDGE, new Date('2027-01-13T18:00:00Z'));
    expect(await byName(r)).toEqual({
      alive: ['streak_nudge nudge:2027-01-12 2'],
      readToday: ['streak_nudge nudge:2027-01-13 2'],
      broken: [],
      never: [],
      lateYesterday: ['streak_nudge nudge:2027-01-12 1'],
      pastMidnight: ['streak_nudge nudge:2027-01-13 1'],
    });
  });

  it('reads the days right on both daylight-saving changes', async () => {
    const r = await readers('autumnYesterday', 'autumnToday', 'springYesterday', 'springToday');
    const db = t.database.db;
    // 2026-10-25: Paris leaves UTC+2 for UTC+1 at 01:00 UTC. 21:30 UTC on the 24th is 23:30
    // on the 24th (yesterday); 22:30 UTC on the 24th is 00:30 on the 25th (today).
    await validateAt(db, r.autumnYesterday as string, ['2026-10-24T21:30:00Z']);
    await validateAt(db, r.autumnToday as string, ['2026-10-23T12:00:00Z', '2026-10-24T22:30:00Z']);
    // 2027-03-28: Paris leaves UTC+1 for UTC+2 at 01:00 UTC. 22:30 UTC on the 27th is 23:30 on
    // the 27th; 23:30 UTC on the 27th is 00:30 on the 28th.
    await validateAt(db, r.springYesterday as string, ['2027-03-27T22:30:00Z']);
    await validateAt(db, r.springToday as string, ['2027-03-26T12:00:00Z', '2027-03-27T23:30:00Z']);

    // 19:00 Paris is 18:00 UTC after the autumn change and 17:00 UTC after the spring one:
    // the cron says so itself.
    const autumn = occurrenceAtOrBefore(STREAK_NUDGE_CRON, PARIS, new Date('2026-10-25T20:00:00Z'));
    const spring = occurrenceAtOrBefore(STREAK_NUDGE_CRON, PARIS, new Date('2027-03-28T20:00:00Z'));
    expect(autumn.toISOString()).toBe('2026-10-25T18:00:00.000Z');
    expect(spring.toISOString()).toBe('2027-03-28T17:00:00.000Z');

    await runSchedule(t, STREAK_NUDGE, autumn);
    await runSchedule(t, STREAK_NUDGE, spring);
    expect(await byName(r)).toEqual({
      autumnYesterday: ['streak_nudge nudge:2026-10-25 1'],
      autumnToday: [],
      springYesterday: ['streak_nudge nudge:2027-03-28 1'],
      springToday: [],
    });
  });
});

describe('the check after midnight (00:05 Paris)', () => {
  it('says kept (2 days or more) or lost for the day that ended, and nothing to the others', async () => {
    const r = await readers('kept', 'lost', 'firstDay', 'lostBefore', 'never', 'lastMinute');
    const db = t.database.db;
    // The day checked is 2027-02-09 (UTC+1).
    await validateAt(db, r.kept as string, [
      '2027-02-06T10:00:00Z',
      '2027-02-07T10:00:00Z',
      '2027-02-08T10:00:00Z',
      '2027-02-09T10:00:00Z',
    ]);
    await validateAt(db, r.lost as string, [
      '2027-02-06T10:00:00Z',
      '2027-02-07T10:00:00Z',
      '2027-02-08T10:00:00Z',
    ]);
    await validateAt(db, r.firstDay as string, ['2027-02-09T10:00:00Z']);
    await validateAt(db, r.lostBefore as string, ['2027-02-07T10:00:00Z']);
    // 23:59 Paris on the 9th still counts for the 9th.
    await validateAt(db, r.lastMinute as string, ['2027-02-08T10:00:00Z', '2027-02-09T22:59:00Z']);

    const at = new Date('2027-02-09T23:05:00Z'); // 00:05 Paris on the 10th
    expect(
      occurrenceAtOrBefore(STREAK_CHECK_CRON, PARIS, new Date('2027-02-09T23:30:00Z')),
    ).toEqual(at);
    await runSchedule(t, STREAK_CHECK, at);
    expect(await byName(r)).toEqual({
      kept: ['streak_kept kept:2027-02-09 4'],
      lost: ['streak_lost lost:2027-02-09 3'],
      firstDay: [],
      lostBefore: [],
      never: [],
      lastMinute: ['streak_kept kept:2027-02-09 2'],
    });
    const [lost] = await sentTo([r.lost as string]);
    expect(lost?.meta).toEqual({ day: '2027-02-09', streak: 3 });

    await runSchedule(t, STREAK_CHECK, at);
    expect(await sentTo(Object.values(r))).toHaveLength(3);
    expect(await liveEventsOf(Object.values(r))).toBe(3);
  });

  it('checks the day before at 23:59 Paris, and the day itself from 00:05', async () => {
    const r = await readers('twoDays', 'startedToday');
    const db = t.database.db;
    await validateAt(db, r.twoDays as string, ['2027-02-15T10:00:00Z', '2027-02-16T10:00:00Z']);
    await validateAt(db, r.startedToday as string, ['2027-02-17T10:00:00Z']);

    // 23:59 Paris on the 17th: the day that ended is the 16th.
    await runSchedule(t, STREAK_CHECK, new Date('2027-02-17T22:59:00Z'));
    expect(await byName(r)).toEqual({
      twoDays: ['streak_kept kept:2027-02-16 2'],
      startedToday: [],
    });
    // 00:05 Paris on the 18th: the 17th ended; twoDays skipped it, startedToday is at 1 day.
    await runSchedule(t, STREAK_CHECK, new Date('2027-02-17T23:05:00Z'));
    expect(await byName(r)).toEqual({
      twoDays: ['streak_kept kept:2027-02-16 2', 'streak_lost lost:2027-02-17 2'],
      startedToday: [],
    });
  });

  it('counts the 25-hour and the 23-hour days as one day each', async () => {
    const r = await readers('autumn', 'spring');
    const db = t.database.db;
    // 2026-10-25 (25 h): 23:30 on the 24th (UTC+2), 02:30 twice, 23:30 on the 25th (UTC+1).
    await validateAt(db, r.autumn as string, [
      '2026-10-24T21:30:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2026-10-25T22:30:00Z',
    ]);
    // 2027-03-28 (23 h): 00:30 on the 28th (UTC+1), 23:30 on the 28th (UTC+2).
    await validateAt(db, r.spring as string, ['2027-03-27T23:30:00Z', '2027-03-28T21:30:00Z']);
    // And 2027-03-27 (UTC+1) for a streak of 2 through the 28th.
    await validateAt(db, r.spring as string, ['2027-03-27T10:00:00Z']);

    const autumn = occurrenceAtOrBefore(STREAK_CHECK_CRON, PARIS, new Date('2026-10-26T06:00:00Z'));
    const spring = occurrenceAtOrBefore(STREAK_CHECK_CRON, PARIS, new Date('2027-03-29T06:00:00Z'));
    expect(autumn.toISOString()).toBe('2026-10-25T23:05:00.000Z'); // 00:05 UTC+1
    expect(spring.toISOString()).toBe('2027-03-28T22:05:00.000Z'); // 00:05 UTC+2
    await runSchedule(t, STREAK_CHECK, autumn);
    await runSchedule(t, STREAK_CHECK, spring);
    expect(await byName(r)).toEqual({
      autumn: ['streak_kept kept:2026-10-25 2'],
      spring: ['streak_kept kept:2027-03-28 2'],
    });
  });

  it('measures streaks longer than a month (a second, longer read)', async () => {
    const lengths = [30, 31, 32, 40];
    const r = await readers(...lengths.map((n) => `days${n}`));
    // Every day at noon Paris (UTC+2 in spring) for n days, ending on 2027-05-10.
    for (const n of lengths) {
      const days = Array.from({ length: n }, (_, i) =>
        new Date(Date.parse('2027-05-10T10:00:00Z') - i * 86_400_000).toISOString(),
      );
      await validateAt(t.database.db, r[`days${n}`] as string, days);
    }
    await runSchedule(t, STREAK_CHECK, new Date('2027-05-10T22:05:00Z'));
    expect(await byName(r)).toEqual(
      Object.fromEntries(lengths.map((n) => [`days${n}`, [`streak_kept kept:2027-05-10 ${n}`]])),
    );
  });

  it('counts freezes as the streak card does: a frozen day is neither kept nor lost', async () => {
    const r = await readers('frozen', 'frozenThenLost', 'noFreeze');
    const db = t.database.db;
    // Seven days in a row (2027-03-01 to 03-07) earn a freeze. March: Paris is UTC+1.
    const week = Array.from({ length: 7 }, (_, i) => `2027-03-0${i + 1}T10:00:00Z`);
    await validateAt(db, r.frozen as string, [...week, '2027-03-09T10:00:00Z']);
    await validateAt(db, r.frozenThenLost as string, week);
    await validateAt(db, r.noFreeze as string, week.slice(1));

    // The night after the 8th, missed by all three: the freeze keeps two streaks alive.
    await runSchedule(t, STREAK_CHECK, new Date('2027-03-08T23:05:00Z'));
    expect(await byName(r)).toEqual({
      frozen: [],
      frozenThenLost: [],
      noFreeze: ['streak_lost lost:2027-03-08 6'],
    });
    // The evening of the 9th: a streak kept by a freeze is alive, so it is nudged.
    await runSchedule(t, STREAK_NUDGE, new Date('2027-03-09T18:00:00Z'));
    // The night after the 9th: 'frozen' read it (kept, 8 days: the frozen day adds none);
    // 'frozenThenLost' has no freeze left, and loses the 7 days it had.
    await runSchedule(t, STREAK_CHECK, new Date('2027-03-09T23:05:00Z'));
    expect(await byName(r)).toEqual({
      frozen: ['streak_kept kept:2027-03-09 8'],
      frozenThenLost: ['streak_nudge nudge:2027-03-09 7', 'streak_lost lost:2027-03-09 7'],
      noFreeze: ['streak_lost lost:2027-03-08 6'],
    });
  });
});
