import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circleReminderMail } from '../../../domain/messages/circles';
import { buildTestApp, type TestApp } from '../../test/app';
import { createBook } from '../../test/factories';
import { jobRows, runSchedule } from '../../test/jobs';
import { emailOf, insertReaders } from '../../test/validations';
import { CIRCLE_REMINDERS } from './circle-reminders';

// The circles' daily pass through the app's real queue at chosen instants (the tests' clock):
// who is reminded of which segment, across Paris midnight and both daylight-saving changes,
// the e-mail only to members who asked for it, and a second run adding nothing. Each test has
// its own circle and readers, on dates the others' runs do not reach.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

type Member = {
  validated?: number;
  email?: boolean;
  verified?: boolean;
  joinedAt?: string;
  removed?: boolean;
};

/**
 * A circle on a new 120-page book (4 segments) started on `startDay`, its members' rows and
 * progress written as their modules write them. Answers the circle's id and the members' ids.
 */
async function circleOf(
  o: { startDay: string; paceDays: number; closed?: boolean },
  members: Record<string, Member>,
) {
  const db = t.database.db;
  const book = await createBook(db, { totalPages: 120 });
  const names = Object.keys(members);
  const ids = await insertReaders(
    db,
    names.map(() => null),
  );
  const byName = Object.fromEntries(names.map((name, i) => [name, ids[i] as string]));
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into circles (creator_id, book_id, name, start_day, pace_days, invite_code, closed_at, created_at)
    values (${ids[0]}, ${book.id}, 'Le cercle du test', ${o.startDay}, ${o.paceDays},
      ${`code-${book.id}`}, ${o.closed ? sql`now()` : sql`null`}, ${o.startDay}::date)
    returning id`);
  const circleId = rows[0]?.id as string;
  for (const [name, m] of Object.entries(members)) {
    const reader = byName[name] as string;
    await db.execute(sql`
      insert into circle_members (circle_id, reader_id, joined_at, email_reminders, removed_at)
      values (${circleId}, ${reader}, ${m.joinedAt ?? o.startDay}::timestamptz,
        ${m.email === true}, ${m.removed ? sql`now()` : sql`null`})`);
    if (m.verified)
      await db.execute(sql`update users set email_verified = true where id = ${reader}`);
    const n = m.validated ?? 0;
    if (n === 0) continue;
    const progress = await db.execute<{ id: string }>(sql`
      insert into reading_progress (user_id, book_id, status, segments_validated, current_page)
      values (${reader}, ${book.id}, 'in_progress', ${n}, ${n * 30}) returning id`);
    for (let s = 1; s <= n; s += 1) {
      await db.execute(sql`
        insert into reading_validations (user_id, book_id, progress_id, segment, validated_at)
        values (${reader}, ${book.id}, ${progress.rows[0]?.id}, ${s}, ${o.startDay}::timestamptz)`);
    }
  }
  return { circleId, ids: byName };
}

/** The reminders each reader got: their notifications' dedupe keys without the circle. */
async function reminded(circleId: string, readers: Record<string, string>) {
  const { rows } = await t.database.db.execute<{ recipient_id: string; dedupe_key: string }>(sql`
    select recipient_id, dedupe_key from notifications
    where type = 'circle_reminder' and meta->>'circleId' = ${circleId}
    order by created_at, dedupe_key`);
  return Object.fromEntries(
    Object.entries(readers).map(([name, id]) => [
      name,
      rows
        .filter((r) => r.recipient_id === id)
        .map((r) => r.dedupe_key.replace(`circle-reminder:${circleId}:`, 'segment ')),
    ]),
  );
}

/** The reminder mails queued to a reader (the mail job's own payload). */
async function mailsTo(readerId: string) {
  const to = await emailOf(t.database.db, readerId);
  return (await jobRows(t.database, 'mail'))
    .map((job) => job.data ?? {})
    .filter((data) => data.to === to && data.subject === circleReminderMail.subject)
    .map((data) => String(data.text));
}

const run = (iso: string) => runSchedule(t, CIRCLE_REMINDERS, new Date(iso));

describe('the reminder pass (spring: Paris goes to summer time on 28 March 2027)', () => {
  it('reminds members behind once per overdue segment, from the Paris day after it was due', async () => {
    // One segment every 4 days from 20 March: due on 24 March, 28 March (the change), 1 April.
    const { circleId, ids } = await circleOf(
      { startDay: '2027-03-20', paceDays: 4 },
      {
        ana: { email: true, verified: true },
        bea: { validated: 1 },
        carl: { email: true },
        dan: { joinedAt: '2027-03-26T10:00:00+01:00' },
        eve: { validated: 3 },
        fred: { removed: true },
      },
    );
    // 23:59 in Paris (UTC+1) on the 24th: segment 1 is due that day, not overdue yet.
    await run('2027-03-24T22:59:00Z');
    expect(await reminded(circleId, ids)).toEqual({
      ana: [],
      bea: [],
      carl: [],
      dan: [],
      eve: [],
      fred: [],
    });
    // 00:01 on the 25th: those with no segment validated are behind. Dan joined after its day.
    await run('2027-03-24T23:01:00Z');
    const first = {
      ana: ['segment 1'],
      bea: [],
      carl: ['segment 1'],
      dan: [],
      eve: [],
      fred: [],
    };
    expect(await reminded(circleId, ids)).toEqual(first);
    // Once per segment: the same occurrence again, and the next morning's, add nothing.
    await run('2027-03-24T23:01:00Z');
    await run('2027-03-25T09:00:00Z');
    expect(await reminded(circleId, ids)).toEqual(first);
    const { rows } = await t.database.db.execute(
      sql`select count(*)::int as n from circle_reminders where circle_id = ${circleId}`,
    );
    expect(rows[0]).toEqual({ n: 2 });

    // 23:59 in Paris on the 28th is 21:59 UTC (UTC+2 since 02:00): segment 2 not overdue yet.
    await run('2027-03-28T21:59:00Z');
    expect(await reminded(circleId, ids)).toEqual(first);
    // 00:01 on the 29th is 22:01 UTC on the 28th: segment 2 is overdue.
    await run('2027-03-28T22:01:00Z');
    expect(await reminded(circleId, ids)).toEqual({
      ana: ['segment 1', 'segment 2'],
      bea: ['segment 2'],
      carl: ['segment 1', 'segment 2'],
      dan: ['segment 2'],
      eve: [],
      fred: [],
    });
  });

  it('says it gently, in the bell and by e-mail to those who asked and confirmed their address', async () => {
    const { circleId, ids } = await circleOf(
      { startDay: '2027-03-20', paceDays: 4 },
      { gus: { email: true, verified: true }, hana: { email: true }, ivo: { verified: true } },
    );
    await run('2027-03-24T23:01:00Z');
    const { rows } = await t.database.db.execute<{ meta: Record<string, unknown> }>(sql`
      select meta from notifications where recipient_id = ${ids.gus} and type = 'circle_reminder'`);
    expect(rows[0]?.meta).toMatchObject({ circleId, segment: 1, dueDay: '2027-03-24' });
    const msg = String(rows[0]?.meta.msg);
    expect(msg).toMatch(
      /^Le cercle «\u00a0Le cercle du test\u00a0» avance\u00a0: le segment 1 de «/,
    );
    expect(msg).toContain('était prévu pour le 24 mars 2027. Rien ne presse, le cercle t’attend.');
    const mails = await mailsTo(ids.gus as string);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('au rythme d’un segment tous les 4\u00a0jours');
    expect(mails[0]).toContain('Le segment 1 était prévu pour le 24 mars 2027.');
    expect(mails[0]).toContain(`/cercles/${circleId}`);
    // Hana asked but never confirmed her address; Ivo confirmed it but did not ask.
    expect(await mailsTo(ids.hana as string)).toEqual([]);
    expect(await mailsTo(ids.ivo as string)).toEqual([]);
    await run('2027-03-25T09:00:00Z');
    expect(await mailsTo(ids.gus as string)).toHaveLength(1);
  });
});

describe('the reminder pass (autumn: Paris goes back to winter time on 25 October 2026)', () => {
  it('reads the occurrence’s Paris day on the night the clocks go back', async () => {
    const { circleId, ids } = await circleOf(
      { startDay: '2026-10-21', paceDays: 4 },
      { jon: {}, kim: { validated: 1 } },
    );
    // 00:30 on the 25th in Paris (still UTC+2): the due day itself.
    await run('2026-10-24T22:30:00Z');
    // 23:59 on the 25th (now UTC+1).
    await run('2026-10-25T22:59:00Z');
    expect(await reminded(circleId, ids)).toEqual({ jon: [], kim: [] });
    // 00:01 on the 26th.
    await run('2026-10-25T23:01:00Z');
    expect(await reminded(circleId, ids)).toEqual({ jon: ['segment 1'], kim: [] });
  });
});

describe('circles nobody is reminded in', () => {
  it('leaves a closed circle alone', async () => {
    const { circleId, ids } = await circleOf(
      { startDay: '2026-09-01', paceDays: 2, closed: true },
      { lou: {}, max: {} },
    );
    await run('2026-09-20T08:00:00Z');
    expect(await reminded(circleId, ids)).toEqual({ lou: [], max: [] });
  });
});
