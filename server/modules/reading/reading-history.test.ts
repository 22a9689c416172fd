import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { readingValidations } from './reading.table';

// A reader's validations are history: removing a book from the list hides it, re-adding it
// brings the progress back, and XP or jokers are never earned twice for one segment.
// (Questions made by createQuestions answer `mot<segment>`.)
describe('reading history survives the list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ANSWER_RATE_LIMIT: '100000' });
  });
  afterAll(() => t.close());

  const answer = (reader: Reader, bookId: string, segment: number, text: string) =>
    callAs(t.app, reader).post(`/api/books/${bookId}/segments/${segment}/answer`, { answer: text });
  const joker = (reader: Reader, bookId: string, segment: number) =>
    callAs(t.app, reader).post(`/api/books/${bookId}/segments/${segment}/joker`, {});
  const add = (reader: Reader, bookId: string) =>
    callAs(t.app, reader).post('/api/reading-list', { bookId });
  const remove = (reader: Reader, bookId: string) =>
    callAs(t.app, reader).delete(`/api/reading-list/${bookId}`);
  const validationXp = async (userId: string) => {
    const r = await t.database.db.execute<{ total: number }>(
      sql`select coalesce(sum(amount), 0)::int as total from xp_events
          where user_id = ${userId} and reason = 'validation'`,
    );
    return Number(r.rows[0]?.total);
  };
  const segmentsOf = async (userId: string, bookId: string) =>
    (
      await t.database.db
        .select()
        .from(readingValidations)
        .where(and(eq(readingValidations.userId, userId), eq(readingValidations.bookId, bookId)))
    ).length;

  it('keeps the validations of a removed book, restores them when it is added again, and pays each segment once', async () => {
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db, { totalPages: 300 });
    await createQuestions(t.database.db, book);
    expect((await add(reader, book.id)).statusCode).toBe(201);
    expect((await answer(reader, book.id, 1, 'mot1')).json().correct).toBe(true);
    expect((await answer(reader, book.id, 2, 'faux')).json().correct).toBe(false);
    expect((await joker(reader, book.id, 2)).statusCode).toBe(200);

    for (let round = 0; round < 3; round++) {
      const removed = await remove(reader, book.id);
      expect(removed.statusCode).toBe(200);
      const list = await callAs(t.app, reader).get('/api/reading-list');
      expect(list.json().items).toEqual([]);
      const added = await add(reader, book.id);
      expect(added.statusCode).toBe(201);
      expect(added.json().progress).toMatchObject({ segmentsValidated: 2, jokersUsed: 1 });
      const again = await answer(reader, book.id, 1, 'mot1');
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('Ce segment a déjà été validé');
    }
    const state = await callAs(t.app, reader).get(`/api/books/${book.id}/validation`);
    expect(state.json()).toMatchObject({ segment: 3, jokers: { used: 1, allowed: 2 } });
    expect(await validationXp(reader.id)).toBe(20);
    expect(await segmentsOf(reader.id, book.id)).toBe(2);
  });

  it('earns no XP without a segment, even in a burst of jokers, right answers and removals', async () => {
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db, { totalPages: 300 });
    await createQuestions(t.database.db, book);
    await add(reader, book.id);
    const steps = [
      () => answer(reader, book.id, 1, 'faux'),
      () => joker(reader, book.id, 1),
      () => answer(reader, book.id, 1, 'mot1'),
      () => remove(reader, book.id),
      () => add(reader, book.id),
    ];
    for (let round = 0; round < 12; round++) {
      const statuses = (await Promise.all(steps.map((step) => step()))).map((r) => r.statusCode);
      expect(statuses.every((s) => s < 500)).toBe(true);
    }
    const segments = await segmentsOf(reader.id, book.id);
    expect(segments).toBe(1);
    expect(await validationXp(reader.id)).toBe(10 * segments);
  });

  it('still says a book already in the list is there', async () => {
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db, { totalPages: 60, title: 'Le Horla' });
    await add(reader, book.id);
    const twice = await add(reader, book.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      'Le livre "Le Horla" est déjà dans votre liste de lecture',
    );
  });
});
