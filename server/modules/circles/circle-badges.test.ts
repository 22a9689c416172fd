import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circleDay } from '../../../domain/circles';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { runSchedule, waitForIdleJobs } from '../../test/jobs';
import { insertReaders } from '../../test/validations';
import { CIRCLE_REMINDERS } from './circle-reminders';

// Finishing a book together: the badge 'lu-ensemble' to every finisher of a circle once two
// members have finished since it started, granted by the job a finishing answer queues, and by
// the daily pass for what that job missed; never in a closed circle, never twice.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  await t.app.ready();
});
afterAll(() => t.close());

const as = (reader: Reader) => callAs(t.app, reader);

/** The readers holding the circle badge, among `readers`. */
async function badged(readers: Record<string, string>) {
  const { rows } = await t.database.db.execute<{ user_id: string }>(
    sql`select user_id from user_badges where badge_slug = 'lu-ensemble'`,
  );
  const holders = new Set(rows.map((r) => r.user_id));
  return Object.keys(readers)
    .filter((name) => holders.has(readers[name] as string))
    .sort();
}

/** Validates every segment of a two-segment book through the answer route. */
async function finish(reader: Reader, bookId: string) {
  for (const n of [1, 2]) {
    const res = await as(reader).post(`/api/books/${bookId}/segments/${n}/answer`, {
      answer: `mot${n}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('finishing a book together', () => {
  it('gives the badge to every finisher once a second member finishes, each told once', async () => {
    const book = await createBook(t.database.db, { totalPages: 60 });
    await createQuestions(t.database.db, book);
    const [ana, bea, carl, dora] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ] as [Reader, Reader, Reader, Reader];
    const names = { ana: ana.id, bea: bea.id, carl: carl.id, dora: dora.id };
    // Dora finished the book before the circle began: not a finish with the circle.
    await as(dora).post('/api/reading-list', { bookId: book.id });
    await finish(dora, book.id);
    const created = await as(ana).post('/api/circles', {
      bookId: book.id,
      name: 'Les finisseurs',
      startDay: circleDay(new Date()),
      paceDays: 2,
    });
    const circleId = created.json().id as string;
    const code = (await as(ana).get(`/api/circles/${circleId}`)).json().circle.inviteCode;
    for (const reader of [bea, carl, dora]) {
      expect((await as(reader).post(`/api/circle-invitations/${code}`)).statusCode).toBe(200);
    }
    // Alone, Ana's finish earns nothing (Dora's was before).
    await finish(ana, book.id);
    await waitForIdleJobs(t.database);
    expect(await badged(names)).toEqual([]);
    // Bea finishes: both of them get it.
    await finish(bea, book.id);
    await waitForIdleJobs(t.database);
    expect(await badged(names)).toEqual(['ana', 'bea']);
    const page = await as(bea).get(`/api/circles/${circleId}`);
    expect(page.json().members.map((x: { standing: string }) => x.standing)).toEqual([
      'finished',
      'finished',
      'on_track',
      'finished',
    ]);
    const bell = (await as(ana).get('/api/notifications')).json().items;
    const told = bell.filter((n: { type: string }) => n.type === 'circle_badge');
    expect(told).toHaveLength(1);
    expect(told[0].meta).toMatchObject({ circleId, badge: 'lu-ensemble' });
    expect(told[0].meta.msg).toContain('ton cercle «\u00a0Les finisseurs\u00a0» a terminé');
    // The achievements page (kept in memory per reader) shows it at once.
    const achievements = (await as(ana).get('/api/me/achievements')).json();
    const badge = achievements.badges.find((b: { slug: string }) => b.slug === 'lu-ensemble');
    expect(badge).toMatchObject({ name: 'Lu ensemble', earnedAt: expect.any(String) });
    // Carl finishes later: his badge comes, nobody is told twice.
    await finish(carl, book.id);
    await waitForIdleJobs(t.database);
    expect(await badged(names)).toEqual(['ana', 'bea', 'carl']);
    const again = (await as(ana).get('/api/notifications')).json().items;
    expect(again.filter((n: { type: string }) => n.type === 'circle_badge')).toHaveLength(1);
  });

  it('is caught up by the daily pass, and never given in a closed circle', async () => {
    const db = t.database.db;
    const book = await createBook(db, { totalPages: 60 });
    const [eve, finn, gus, hana] = await insertReaders(db, [null, null, null, null]);
    const names = { eve, finn, gus, hana } as Record<string, string>;
    // Two circles whose members finished without any job queued (rows written directly).
    const circle = async (members: string[], closed: boolean) => {
      const { rows } = await db.execute<{ id: string }>(sql`
        insert into circles (creator_id, book_id, name, start_day, pace_days, invite_code, closed_at, created_at)
        values (${members[0]}, ${book.id}, 'Cercle rattrapé', current_date, 2, ${`code-${members[0]}`},
          ${closed ? sql`now()` : sql`null`}, now() - interval '1 hour')
        returning id`);
      for (const reader of members) {
        await db.execute(
          sql`insert into circle_members (circle_id, reader_id) values (${rows[0]?.id}, ${reader})`,
        );
        const progress = await db.execute<{ id: string }>(sql`
          insert into reading_progress (user_id, book_id, status, segments_validated, current_page, completed_at)
          values (${reader}, ${book.id}, 'completed', 2, 60, now()) returning id`);
        for (const n of [1, 2]) {
          await db.execute(sql`
            insert into reading_validations (user_id, book_id, progress_id, segment)
            values (${reader}, ${book.id}, ${progress.rows[0]?.id}, ${n})`);
        }
      }
    };
    await circle([eve as string, finn as string], false);
    await circle([gus as string, hana as string], true);
    await runSchedule(t, CIRCLE_REMINDERS, new Date());
    expect(await badged(names)).toEqual(['eve', 'finn']);
  });
});
