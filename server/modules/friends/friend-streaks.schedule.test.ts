import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { runSchedule, waitForIdleJobs } from '../../test/jobs';
import { insertReaders, validateAt } from '../../test/validations';
import { startJobWorker } from '../jobs/jobs.worker';
import { occurrenceAtOrBefore, PARIS } from '../jobs/schedule-instant';
import {
  FRIEND_STREAK_CHECK,
  FRIEND_STREAK_CHECK_CRON,
  friendSchedules,
  judgeFriendStreaks,
} from './friends.jobs';
import { friendsOverview } from './friends.read';
import { createFriendsService, recordFriendReading } from './friends.service';

// Friend streaks at chosen instants (the tests' clock): validations either side of Paris
// midnight and of both daylight-saving changes, and the nightly job run through the app's real
// queue for chosen occurrences, twice, late, or by two workers at once. Each test has its own
// readers and dates.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const db = () => t.database.db;
const service = () => createFriendsService({ db: db() });

/** Two new readers who follow each other, with a friend streak accepted at `at`. */
async function pairFrom(at: string): Promise<{ a: string; b: string; id: string }> {
  const [a, b] = (await insertReaders(db(), [null, null])) as [string, string];
  await db().execute(sql`insert into follows (follower_id, following_id)
    values (${a}, ${b}), (${b}, ${a})`);
  const { id } = await service().invite({ me: a, other: b }, new Date(at));
  await service().accept(b, id, new Date(at));
  return { a, b, id };
}

/** A validation at the instant (ISO): its row, and what the answer's statement does to friends. */
async function readAt(reader: string, at: string): Promise<number> {
  await validateAt(db(), reader, [at]);
  return db().transaction((tx) => recordFriendReading(tx, { readerId: reader, at: new Date(at) }));
}

/** The nightly job's occurrence at or before the instant, run through the real queue. */
async function nightlyAt(instant: string): Promise<Date> {
  const occurrence = occurrenceAtOrBefore(FRIEND_STREAK_CHECK_CRON, PARIS, new Date(instant));
  await runSchedule(t, FRIEND_STREAK_CHECK, occurrence);
  return occurrence;
}

async function stored(id: string) {
  const { rows } = await db().execute<{
    current: number;
    best: number;
    freezes: number;
    judged: string;
  }>(sql`select current, best, freezes, to_char(judged_through, 'YYYY-MM-DD') as judged
         from friend_streaks where id = ${id}`);
  return rows[0];
}

/** What A's page shows of the streak at the instant. */
async function shownAt(reader: string, at: string) {
  const page = await friendsOverview(db(), reader, new Date(at));
  return page.streaks[0];
}

describe('the Paris day of a friend streak', () => {
  it('counts a day only when both read on the same Paris day, across midnight', async () => {
    // Monday 12 January 2026, winter time (UTC+1).
    const { a, b, id } = await pairFrom('2026-01-12T09:00:00Z');
    await readAt(a, '2026-01-12T22:59:00Z'); // 23:59 on the 12th
    await readAt(b, '2026-01-12T23:01:00Z'); // 00:01 on the 13th
    expect((await shownAt(a, '2026-01-13T08:00:00Z'))?.current).toBe(0);
    await readAt(a, '2026-01-13T10:00:00Z'); // the 13th: now shared
    expect(await stored(id)).toMatchObject({ current: 1, judged: '2026-01-13' });
    // 00:10 on the 14th: the 13th was shared, nothing to judge.
    await nightlyAt('2026-01-13T23:30:00Z');
    expect(await stored(id)).toMatchObject({ current: 1, judged: '2026-01-13' });
    await readAt(b, '2026-01-14T22:58:00Z');
    await readAt(a, '2026-01-14T22:59:00Z');
    expect(await stored(id)).toMatchObject({ current: 2, best: 2 });
    // The 15th: only A reads. Before the job runs, the page already shows the day as it will be.
    await readAt(a, '2026-01-15T12:00:00Z');
    expect((await shownAt(b, '2026-01-15T20:00:00Z'))?.current).toBe(2);
    expect((await shownAt(b, '2026-01-15T23:05:00Z'))?.current).toBe(0);
    await nightlyAt('2026-01-15T23:30:00Z'); // 00:10 on the 16th judges the 15th
    expect(await stored(id)).toMatchObject({ current: 0, best: 2, judged: '2026-01-15' });
    expect(await shownAt(a, '2026-01-16T09:00:00Z')).toMatchObject({ current: 0, best: 2 });
  });

  it('starts at 1 when both had read on the day the invitation was accepted', async () => {
    const [a, b] = (await insertReaders(db(), [null, null])) as [string, string];
    await db().execute(sql`insert into follows (follower_id, following_id)
      values (${a}, ${b}), (${b}, ${a})`);
    await validateAt(db(), a, ['2026-02-02T07:00:00Z']);
    await validateAt(db(), b, ['2026-02-01T22:30:00Z']); // 23:30 on the 1st: the day before
    const { id } = await service().invite({ me: a, other: b }, new Date('2026-02-02T08:00:00Z'));
    await service().accept(b, id, new Date('2026-02-02T09:00:00Z'));
    expect(await stored(id)).toMatchObject({ current: 0, judged: '2026-02-01' });
    await readAt(b, '2026-02-02T09:30:00Z');
    expect(await stored(id)).toMatchObject({ current: 1, judged: '2026-02-02' });

    const { id: second } = await pairFrom('2026-02-02T12:00:00Z');
    expect(await stored(second)).toMatchObject({ current: 0 });
    const [c, d] = (await insertReaders(db(), [null, null])) as [string, string];
    await db().execute(sql`insert into follows (follower_id, following_id)
      values (${c}, ${d}), (${d}, ${c})`);
    await validateAt(db(), c, ['2026-02-02T07:00:00Z']);
    await validateAt(db(), d, ['2026-02-02T07:30:00Z']);
    const invited = await service().invite({ me: c, other: d }, new Date('2026-02-02T08:00:00Z'));
    await service().accept(d, invited.id, new Date('2026-02-02T09:00:00Z'));
    expect(await stored(invited.id)).toMatchObject({ current: 1, best: 1, judged: '2026-02-02' });
  });

  it('keeps a streak through a missed day with a freeze, across both daylight-saving changes', async () => {
    // Monday 23 March 2026; summer time starts on Sunday the 29th at 02:00.
    const { a, b, id } = await pairFrom('2026-03-23T08:00:00Z');
    for (const day of ['23', '24', '25', '26', '27', '28']) {
      await readAt(a, `2026-03-${day}T12:00:00Z`);
      await readAt(b, `2026-03-${day}T13:00:00Z`);
      await nightlyAt(`2026-03-${day}T23:30:00Z`);
    }
    // The 29th: 01:30 winter time (00:30Z) and 23:30 summer time (21:30Z) are both the 29th.
    await readAt(a, '2026-03-29T00:30:00Z');
    await readAt(b, '2026-03-29T21:30:00Z');
    expect(await stored(id)).toMatchObject({ current: 7, freezes: 1, judged: '2026-03-29' });
    // 22:30Z on the 29th is already 00:30 on the 30th, in summer time.
    await readAt(a, '2026-03-29T22:30:00Z');
    // B misses the 30th: the job at 00:10 on the 31st (22:10Z) spends the freeze.
    const occurrence = await nightlyAt('2026-03-30T22:20:00Z');
    expect(occurrence.toISOString()).toBe('2026-03-30T22:10:00.000Z');
    expect(await stored(id)).toMatchObject({ current: 7, freezes: 0, judged: '2026-03-30' });
    await readAt(a, '2026-03-31T10:00:00Z');
    await readAt(b, '2026-03-31T11:00:00Z');
    expect(await stored(id)).toMatchObject({ current: 8, best: 8, freezes: 0 });
    // No freeze left: the next missed day ends it.
    await nightlyAt('2026-04-01T22:20:00Z');
    expect(await stored(id)).toMatchObject({ current: 0, best: 8, judged: '2026-04-01' });
  });

  it('counts the long autumn day once, and judges it after its 25 hours', async () => {
    // Winter time comes back on Sunday 25 October 2026 at 03:00 (→ 02:00).
    const { a, b, id } = await pairFrom('2026-10-24T08:00:00Z');
    await readAt(a, '2026-10-24T09:00:00Z');
    await readAt(b, '2026-10-24T09:30:00Z');
    await readAt(a, '2026-10-24T22:30:00Z'); // 00:30 summer time on the 25th
    await readAt(b, '2026-10-25T22:30:00Z'); // 23:30 winter time, still the 25th
    expect(await stored(id)).toMatchObject({ current: 2, judged: '2026-10-25' });
    // The job of the 26th at 00:10 winter time is 23:10Z: the 25th is shared, nothing to do.
    const occurrence = await nightlyAt('2026-10-25T23:20:00Z');
    expect(occurrence.toISOString()).toBe('2026-10-25T23:10:00.000Z');
    expect(await stored(id)).toMatchObject({ current: 2, judged: '2026-10-25' });
    await readAt(a, '2026-10-25T23:30:00Z'); // 00:30 on the 26th
    expect(await stored(id)).toMatchObject({ current: 2, judged: '2026-10-25' });
  });
});

describe('the nightly job', () => {
  it('judges a day once: a second run, or an older occurrence run late, changes nothing', async () => {
    const { a, b, id } = await pairFrom('2026-05-04T08:00:00Z');
    for (const day of ['04', '05', '06', '07', '08', '09', '10']) {
      await readAt(a, `2026-05-${day}T08:00:00Z`);
      await readAt(b, `2026-05-${day}T09:00:00Z`);
    }
    expect(await stored(id)).toMatchObject({ current: 7, freezes: 1 });
    // The 11th and the 12th missed; no job ran on the night of the 12th (every process down).
    await nightlyAt('2026-05-12T22:20:00Z'); // 00:10 on the 13th judges both days
    expect(await stored(id)).toMatchObject({ current: 0, freezes: 0, judged: '2026-05-12' });
    const after = await stored(id);
    await nightlyAt('2026-05-12T22:20:00Z');
    await nightlyAt('2026-05-10T22:20:00Z'); // the night of the 11th, run late
    expect(await stored(id)).toEqual(after);
  });

  it('drops friend streaks across a block and quest invitations of weeks gone', async () => {
    const { a, b, id } = await pairFrom('2026-06-01T08:00:00Z');
    await db().execute(sql`delete from follows where follower_id = ${a}`);
    await db().execute(sql`insert into blocks (blocker_id, blocked_id) values (${a}, ${b})`);
    const [c, d] = (await insertReaders(db(), [null, null])) as [string, string];
    await db().execute(sql`insert into follows (follower_id, following_id)
      values (${c}, ${d}), (${d}, ${c})`);
    const old = await service().proposeQuest({ me: c, other: d }, new Date('2026-06-03T08:00:00Z'));
    await nightlyAt('2026-06-07T22:20:00Z'); // 00:10 on Monday the 8th
    const left = await db().execute<{ n: number }>(
      sql`select (select count(*)::int from friend_streaks where id = ${id})
         + (select count(*)::int from friend_quests where id = ${old.id}) as n`,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it('runs once for an occurrence however many processes run it', async () => {
    // A database of its own: the app's own worker would claim the occurrence too.
    const database = await createTestDatabase();
    const runs: Date[] = [];
    const schedules = () =>
      friendSchedules({ db: database.db }).map((schedule) => ({
        ...schedule,
        run: async (at: { scheduledFor: Date }) => {
          runs.push(at.scheduledFor);
          await schedule.run(at);
        },
      }));
    // The last occurrence claimed a day before the latest one: the latest is owed once.
    await database.db.execute(sql`insert into job_schedules (name, last_occurrence)
      values (${FRIEND_STREAK_CHECK}, now() - interval '2 days')`);
    const log = Fastify({ logger: { level: 'silent' } }).log;
    const workers = await Promise.all(
      [1, 2].map(() =>
        startJobWorker({
          database,
          handlers: {},
          schedules: schedules(),
          log,
          pollSeconds: 0.5,
          cronSeconds: 1,
        }),
      ),
    );
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 20_000, interval: 25 });
    await vi.waitFor(
      () => {
        for (const worker of workers) expect(worker.schedulePasses()).toBeGreaterThanOrEqual(3);
      },
      { timeout: 20_000, interval: 25 },
    );
    await waitForIdleJobs(database);
    await Promise.all(workers.map((worker) => worker.stop()));
    await database.close();
    expect(runs).toHaveLength(1);
    expect(runs[0]?.toISOString()).toBe(
      occurrenceAtOrBefore(FRIEND_STREAK_CHECK_CRON, PARIS, new Date()).toISOString(),
    );
  });
});

describe('friend streaks judged in batches', () => {
  it('judges every streak whatever the batch size, each once', async () => {
    const pairs = [];
    for (let i = 0; i < 7; i += 1) pairs.push(await pairFrom('2026-07-06T08:00:00Z'));
    for (const [i, { a, b }] of pairs.entries()) {
      await readAt(a, '2026-07-06T10:00:00Z');
      // Every other pair shares the 7th as well.
      if (i % 2 === 0) await readAt(b, '2026-07-06T11:00:00Z');
    }
    const result = await judgeFriendStreaks(db(), new Date('2026-07-07T22:10:00Z'), 2);
    expect(result.day).toBe('2026-07-07');
    // The four at 1 missed the 7th: ended (other tests' streaks may be judged with them);
    // the three at 0 had nothing to judge.
    expect(result.judged).toBeGreaterThanOrEqual(4);
    expect(result.ended).toBeGreaterThanOrEqual(4);
    for (const { id } of pairs) {
      expect(await stored(id)).toMatchObject({ current: 0 });
    }
    const again = await judgeFriendStreaks(db(), new Date('2026-07-07T22:10:00Z'), 2);
    expect(again).toMatchObject({ judged: 0, ended: 0 });
  });
});

describe('the weekly friend quest, by the Paris week', () => {
  it('counts the segments of its week only: Sunday 23:59 counts, Monday 00:01 does not', async () => {
    const [a, b] = (await insertReaders(db(), [null, null])) as [string, string];
    await db().execute(sql`insert into follows (follower_id, following_id)
      values (${a}, ${b}), (${b}, ${a})`);
    // Proposed and accepted on Friday 20 March 2026 (winter time).
    const quest = await service().proposeQuest(
      { me: a, other: b },
      new Date('2026-03-20T09:00:00Z'),
    );
    await service().acceptQuest(b, quest.id, new Date('2026-03-20T10:00:00Z'));
    // A reading before the acceptance, the same day: not counted.
    await readAt(a, '2026-03-20T08:00:00Z');
    const paid: number[] = [];
    for (const at of ['2026-03-20T11:00:00Z', '2026-03-21T11:00:00Z', '2026-03-21T12:00:00Z']) {
      paid.push(await readAt(a, at));
    }
    paid.push(await readAt(b, '2026-03-22T10:00:00Z'));
    paid.push(await readAt(b, '2026-03-22T22:59:00Z')); // Sunday 23:59 in Paris
    // Monday 00:01 in Paris: a new week, this quest no longer counts.
    paid.push(await readAt(a, '2026-03-22T23:01:00Z'));
    const { rows } = await db().execute<{ done: number; completed: boolean }>(
      sql`select done, completed_at is not null as completed from friend_quests where id = ${quest.id}`,
    );
    expect(rows[0]).toEqual({ done: 5, completed: false });
    expect(paid).toEqual([0, 0, 0, 0, 0, 0]);
    // Last week's quest is not this week's: a new one may be proposed on Monday.
    const next = await service().proposeQuest(
      { me: b, other: a },
      new Date('2026-03-23T08:00:00Z'),
    );
    expect(next.status).toBe('pending');
  });

  it('pays both readers once when the sixth segment meets it, and tells them', async () => {
    const [a, b] = (await insertReaders(db(), [null, null])) as [string, string];
    await db().execute(sql`insert into follows (follower_id, following_id)
      values (${a}, ${b}), (${b}, ${a})`);
    const quest = await service().proposeQuest(
      { me: a, other: b },
      new Date('2026-04-06T08:00:00Z'),
    );
    await service().acceptQuest(b, quest.id, new Date('2026-04-06T09:00:00Z'));
    const paid: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      paid.push(await readAt(i % 2 ? a : b, `2026-04-0${7 + (i % 3)}T1${i}:00:00Z`));
    }
    expect(paid).toEqual([0, 0, 0, 0, 0, 50, 0]);
    const { rows } = await db().execute<{ user_id: string; amount: number }>(
      sql`select user_id, amount from xp_events where source_key = ${`friend-quest:${quest.id}`}
          order by user_id`,
    );
    expect(rows.map((r) => [r.user_id, Number(r.amount)])).toEqual(
      [a, b].sort().map((id) => [id, 50]),
    );
    const told = await db().execute<{ recipient_id: string; actor_id: string }>(
      sql`select recipient_id, actor_id from notifications where type = 'friend_quest_done'
          and dedupe_key = ${`friend-quest-done:${quest.id}`} order by recipient_id`,
    );
    expect(told.rows.map((r) => [r.recipient_id, r.actor_id])).toEqual(
      [
        [a, b],
        [b, a],
      ].sort((x, y) => (x[0] as string).localeCompare(y[0] as string)),
    );
  });
});
