import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTime } from '../../../domain/calendar';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { readingProgress, readingValidations } from '../reading/reading.table';
import { grantAfterValidation, withValidation } from './rewards.service';
import { userBadges, userQuests } from './rewards.table';

describe('rewards granted by validations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const newBook = async (pages = 90) => {
    const book = await createBook(db(), { totalPages: pages });
    await createQuestions(db(), book);
    return book;
  };
  const answer = (reader: Reader, bookId: string, segment: number, text = `mot${segment}`) =>
    callAs(t.app, reader).post(`/api/books/${bookId}/segments/${segment}/answer`, { answer: text });
  /** Past validations written straight into the record (segments 1..n of a fresh book). */
  const pastValidations = async (reader: Reader, times: string[]) => {
    const book = await createBook(db(), { totalPages: 30 * (times.length + 1) });
    const [progress] = await db()
      .insert(readingProgress)
      .values({
        userId: reader.id,
        bookId: book.id,
        status: 'in_progress',
        segmentsValidated: times.length,
      })
      .returning();
    if (!progress) throw new Error('no progress');
    await db()
      .insert(readingValidations)
      .values(
        times.map((at, i) => ({
          userId: reader.id,
          bookId: book.id,
          progressId: progress.id,
          segment: i + 1,
          validatedAt: sql`${at}::timestamptz`,
        })),
      );
  };
  const badgeRows = async (userId: string, slug: string) =>
    db()
      .select()
      .from(userBadges)
      .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeSlug, slug)));
  const questRows = async (userId: string, slug: string) =>
    db()
      .select()
      .from(userQuests)
      .where(and(eq(userQuests.userId, userId), eq(userQuests.questSlug, slug)));
  const stats = async (reader: Reader) => (await callAs(t.app, reader).get('/api/me/stats')).json();
  const ledger = async (userId: string) => {
    const r = await db().execute<{ total: number }>(
      sql`select coalesce(sum(amount), 0)::int as total from xp_events where user_id = ${userId}`,
    );
    return r.rows[0]?.total;
  };

  it('gives premier-livre on the first finished book, once', async () => {
    const reader = await createReader(t.app);
    const first = await newBook(60);
    await answer(reader, first.id, 1);
    const done = await answer(reader, first.id, 2);
    expect(done.json().rewards.badges.map((b: { slug: string }) => b.slug)).toContain(
      'premier-livre',
    );
    expect(done.json().rewards.badges[0]).toMatchObject({
      name: 'Premier livre',
      rarity: 'common',
    });
    const second = await newBook(30);
    const again = await answer(reader, second.id, 1);
    expect(again.json().rewards.badges).toEqual([]);
    expect(await badgeRows(reader.id, 'premier-livre')).toHaveLength(1);
  });

  it('gives serie-7-jours (+30 XP) on the seventh day in a row', async () => {
    const reader = await createReader(t.app);
    // Noon UTC on each of the six previous Paris days.
    const days = [6, 5, 4, 3, 2, 1].map(
      (ago) => `${localTime(new Date(Date.now() - ago * 86_400_000)).day}T10:00:00Z`,
    );
    await pastValidations(reader, days);
    const book = await newBook();
    const res = await answer(reader, book.id, 1);
    const badges = res.json().rewards.badges.map((b: { slug: string }) => b.slug);
    expect(badges).toContain('serie-7-jours');
    expect(res.json().xpGained).toBe(10 + res.json().rewards.xp);
    expect(res.json().rewards.xp).toBeGreaterThanOrEqual(30);
    expect((await stats(reader)).streakCurrent).toBeGreaterThanOrEqual(7);
  });

  it('gives lecteur-assidu at the 50th validated segment', async () => {
    const reader = await createReader(t.app);
    await pastValidations(
      reader,
      Array.from({ length: 49 }, () => '2025-06-01T10:00:00Z'),
    );
    const book = await newBook();
    const res = await answer(reader, book.id, 1);
    expect(res.json().rewards.badges.map((b: { slug: string }) => b.slug)).toContain(
      'lecteur-assidu',
    );
    expect((await stats(reader)).segmentsValidated).toBe(50);
  });

  it('judges streaks and the month on recent days, however long the history', async () => {
    const day = 86_400_000;
    // Forty days in a row up to yesterday, at noon: the streak is current.
    const steady = await createReader(t.app);
    await pastValidations(
      steady,
      Array.from({ length: 40 }, (_, i) => new Date(Date.now() - (i + 1) * day).toISOString()),
    );
    const today = await answer(steady, (await newBook()).id, 1);
    expect(today.json().rewards.badges.map((b: { slug: string }) => b.slug)).toContain(
      'serie-7-jours',
    );
    // Ten days in a row long ago: no current streak, nothing this month.
    const lapsed = await createReader(t.app);
    await pastValidations(
      lapsed,
      Array.from({ length: 10 }, (_, i) => new Date(Date.now() - (60 + i) * day).toISOString()),
    );
    const back = await answer(lapsed, (await newBook()).id, 1);
    const slugs = back.json().rewards.badges.map((b: { slug: string }) => b.slug);
    expect(slugs).not.toContain('serie-7-jours');
    expect(slugs).not.toContain('cadeau-du-mois');
    expect(back.json().rewards.quests.map((q: { slug: string }) => q.slug)).toContain(
      'back_on_track',
    );
  });

  it('gives the monthly gift at the 10th validation of the month, once that month', async () => {
    const reader = await createReader(t.app);
    const now = new Date(Date.now() - 60_000).toISOString();
    await pastValidations(
      reader,
      Array.from({ length: 9 }, () => now),
    );
    const book = await newBook(150);
    const tenth = await answer(reader, book.id, 1);
    expect(tenth.json().rewards).toMatchObject({ monthlyGift: true });
    expect(tenth.json().rewards.badges.map((b: { slug: string }) => b.slug)).toContain(
      'cadeau-du-mois',
    );
    const eleventh = await answer(reader, book.id, 2);
    expect(eleventh.json().rewards.monthlyGift).toBe(false);
    const rows = await badgeRows(reader.id, 'cadeau-du-mois');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.period).toMatch(/^\d{4}-\d{2}$/);
  });

  it('gives triple_valide (+50 XP) for three segments in one day, and multi_booker for three books in progress', async () => {
    const reader = await createReader(t.app);
    const books = [await newBook(), await newBook(), await newBook()];
    await answer(reader, books[0]?.id ?? '', 1);
    await answer(reader, books[1]?.id ?? '', 1);
    const third = await answer(reader, books[2]?.id ?? '', 1);
    const slugs = third.json().rewards.quests.map((q: { slug: string }) => q.slug);
    expect(slugs).toEqual(expect.arrayContaining(['triple_valide', 'multi_booker']));
    expect(
      third.json().rewards.quests.find((q: { slug: string }) => q.slug === 'triple_valide'),
    ).toMatchObject({
      title: 'Triplé',
      icon: 'zap',
    });
    expect(third.json().rewards.xp).toBeGreaterThanOrEqual(100);
  });

  it('gives back_on_track after 7 days or more without a validation', async () => {
    const reader = await createReader(t.app);
    await pastValidations(reader, [new Date(Date.now() - 8 * 86_400_000).toISOString()]);
    const res = await answer(reader, (await newBook()).id, 1);
    expect(res.json().rewards.quests.map((q: { slug: string }) => q.slug)).toContain(
      'back_on_track',
    );
  });

  it('gives early_reader for a validation before 7:00 in the reader’s time zone', async () => {
    const reader = await createReader(t.app);
    await pastValidations(reader, ['2026-02-10T05:30:00Z']); // 06:30 in Paris
    const [validation] = await db()
      .select({ id: readingValidations.id, validatedAt: readingValidations.validatedAt })
      .from(readingValidations)
      .where(eq(readingValidations.userId, reader.id));
    if (!validation) throw new Error('no validation');
    const earned = await db().transaction((tx) => grantAfterValidation(tx, reader.id, validation));
    expect(earned.quests.map((q) => q.slug)).toEqual(['early_reader']);
    expect(earned.xp).toBe(50);

    await db().execute(sql`update users set time_zone = 'Asia/Tokyo' where id = ${reader.id}`);
    const other = await createReader(t.app);
    await db().execute(sql`update users set time_zone = 'Asia/Tokyo' where id = ${other.id}`);
    await pastValidations(other, ['2026-02-10T05:30:00Z']); // 14:30 in Tokyo
    const [late] = await db()
      .select({ id: readingValidations.id, validatedAt: readingValidations.validatedAt })
      .from(readingValidations)
      .where(eq(readingValidations.userId, other.id));
    if (!late) throw new Error('no validation');
    const none = await db().transaction((tx) => grantAfterValidation(tx, other.id, late));
    expect(none.quests).toEqual([]);
  });

  it('grants each quest once when validations race, and the XP shown is the ledger’s sum', async () => {
    const reader = await createReader(t.app);
    await pastValidations(reader, [new Date().toISOString(), new Date().toISOString()]);
    const books = await Promise.all(Array.from({ length: 5 }, () => newBook()));
    const results = await Promise.all(books.map((b) => answer(reader, b.id, 1)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await questRows(reader.id, 'triple_valide')).toHaveLength(1);
    expect(await questRows(reader.id, 'multi_booker')).toHaveLength(1);
    const granted = results.flatMap((r) =>
      r.json().rewards.quests.map((q: { slug: string }) => q.slug),
    );
    expect(granted.filter((s: string) => s === 'triple_valide')).toHaveLength(1);
    const s = await stats(reader);
    expect(s.xp).toBe(await ledger(reader.id));
    // early_reader may join in before 7:00: every quest is +50.
    expect(s.questsDone).toBeGreaterThanOrEqual(2);
    expect(s.xp).toBe(5 * 10 + 50 * s.questsDone);
  });

  it('lets no route grant badges, quests or XP', async () => {
    const reader = await createReader(t.app);
    const attempts = [
      ['POST', '/api/me/stats', { xp: 1000 }],
      ['POST', '/api/me/achievements', { badges: ['premier-livre'] }],
      ['POST', `/api/profiles/${reader.id}/badges`, { slug: 'lecteur-assidu' }],
      ['PATCH', '/api/profiles/me', { xp: 1000 }],
      ['PATCH', '/api/profiles/me', { username: 'Triche', level: 5 }],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const res = await callAs(t.app, reader).send(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
    }
    expect(await stats(reader)).toMatchObject({ xp: 0, level: 1, badgesCount: 0, questsDone: 0 });
  });

  it('shows the achievements: stats with the one level, every badge and quest, and real challenge figures', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(60);
    await answer(reader, book.id, 1);
    await answer(reader, book.id, 2);
    const res = await callAs(t.app, reader).get('/api/me/achievements');
    const body = res.json();
    expect(body.stats).toMatchObject({ booksRead: 1, pagesRead: 60, segmentsValidated: 2 });
    // One level scale (decision 018): the stats' level, and no second reading beside it.
    expect(body.stats.xp).toBeGreaterThanOrEqual(20); // +50 if run before 7 a.m. (early_reader)
    expect(body.stats.level).toBe(1);
    expect(body).not.toHaveProperty('progression');
    expect(body.badges.map((b: { slug: string }) => b.slug)).toEqual([
      'premier-livre',
      'serie-7-jours',
      'lecteur-assidu',
      'cadeau-du-mois',
      'premiere-question',
      'dix-questions',
      'cinquante-questions',
      'lu-ensemble',
    ]);
    expect(body.badges[0].earnedAt).not.toBeNull();
    expect(body.badges[1].earnedAt).toBeNull();
    expect(body.quests).toHaveLength(4);
    expect(body.challenges).toEqual([
      expect.objectContaining({ slug: 'trente-jours', current: 1, target: 30 }),
      expect.objectContaining({ slug: 'trois-categories', current: 1, target: 3 }),
      expect.objectContaining({ slug: 'cinq-cents-pages', current: 60, target: 500 }),
    ]);
    const publicBadges = await callAs(t.app, reader).get(`/api/profiles/${reader.id}/badges`);
    expect(publicBadges.json().badges.map((b: { slug: string }) => b.slug)).toEqual([
      'premier-livre',
    ]);
  });
});

describe('the record counted with a validation written in the same statement', () => {
  it('adds the validation on its local day and moves its book from one status to the other', () => {
    const before = {
      timeZone: 'Asia/Tokyo',
      total: 4,
      completed: 0,
      inProgress: 2,
      days: ['2026-02-09'],
      perDay: { '2026-02-09': 4 },
      previousAt: new Date('2026-02-09T03:00:00Z'),
      heldBadges: new Set<string>(),
      heldQuests: new Set<string>(),
    };
    // 23:30 UTC on the 9th is 08:30 on the 10th in Tokyo.
    const after = withValidation(before, {
      validatedAt: new Date('2026-02-09T23:30:00Z'),
      statusBefore: 'in_progress',
      statusAfter: 'completed',
    });
    expect(after).toMatchObject({
      total: 5,
      completed: 1,
      inProgress: 1,
      days: ['2026-02-09', '2026-02-10'],
      perDay: { '2026-02-09': 4, '2026-02-10': 1 },
      previousAt: before.previousAt,
    });
    const again = withValidation(after, {
      validatedAt: new Date('2026-02-10T01:00:00Z'),
      statusBefore: 'to_read',
      statusAfter: 'in_progress',
    });
    expect(again).toMatchObject({
      total: 6,
      completed: 1,
      inProgress: 2,
      days: ['2026-02-09', '2026-02-10'],
      perDay: { '2026-02-10': 2 },
    });
  });
});
