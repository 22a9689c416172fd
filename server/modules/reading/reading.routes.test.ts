import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';
import { repairAll } from './reading.repository';
import { readingProgress, readingValidations } from './reading.table';

describe('reading list', () => {
  let t: TestApp;
  let alice: Reader;
  let bruno: Reader;
  let candide: { id: string; title: string };
  let hidden: { id: string };
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createReader(t.app);
    bruno = await createReader(t.app);
    candide = await createBook(t.database.db, {
      title: 'Candide',
      author: 'Voltaire',
      totalPages: 150,
    });
    hidden = await createBook(t.database.db, { title: 'Retiré', isPublished: false });
  });
  afterAll(() => t.close());

  const add = (reader: Reader | null, payload: object) =>
    callAs(t.app, reader).post('/api/reading-list', payload);
  const list = (reader: Reader) => callAs(t.app, reader).get('/api/reading-list');
  const rows = async (userId: string) =>
    t.database.db.select().from(readingProgress).where(eq(readingProgress.userId, userId));

  it('asks a visitor to sign in, with the spec’s message, and adds nothing', async () => {
    const res = await add(null, { bookId: candide.id });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(
      'Vous devez être connecté pour ajouter un livre à votre liste',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/reading-list' })).statusCode).toBe(401);
  });

  it('adds a book as to read and lists it', async () => {
    const res = await add(alice, { bookId: candide.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('"Candide" ajouté à votre liste de lecture');
    const items = (await list(alice)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      book: { title: 'Candide', expectedSegments: 5 },
      progress: { status: 'to_read', segmentsValidated: 0, currentPage: 0, progressPercent: 0 },
      isUnavailable: false,
      isAbandoned: false,
    });
  });

  it('reports a book already in the list with ALREADY_EXISTS and its title', async () => {
    const res = await add(alice, { bookId: candide.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'ALREADY_EXISTS',
      message: 'Le livre "Candide" est déjà dans votre liste de lecture',
    });
  });

  it('makes one row when the same add is sent many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => add(bruno, { bookId: candide.id })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await rows(bruno.id)).toHaveLength(1);
  });

  it.each([
    [{ bookId: 'pas-un-uuid' }, 400, 'Le livre doit avoir un ID ou un slug valide'],
    [{}, 400, 'Le livre doit avoir un ID ou un slug valide'],
    [
      { bookId: '00000000-0000-4000-8000-000000000000' },
      404,
      "Le livre avec l'identifiant 00000000-0000-4000-8000-000000000000 n'existe pas",
    ],
  ])('refuses %j with %i and a French message', async (payload, status, message) => {
    const reader = await createReader(t.app);
    const res = await add(reader, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await rows(reader.id)).toHaveLength(0);
  });

  it('refuses an unpublished book', async () => {
    const res = await add(alice, { bookId: hidden.id });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.message).toBe('Ce livre est actuellement indisponible');
  });

  it('refuses a body that names another reader', async () => {
    const res = await add(alice, { bookId: candide.id, userId: bruno.id });
    expect(res.statusCode).toBe(400);
  });

  it('never shows a reader another reader’s list, nor lets them remove from it', async () => {
    const carla = await createReader(t.app);
    expect((await list(carla)).json().items).toEqual([]);
    const res = await callAs(t.app, carla).delete(`/api/reading-list/${candide.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Ce livre n'est pas dans ta liste de lecture");
    expect(await rows(alice.id)).toHaveLength(1);
  });

  it('removes a book from the reader’s own list', async () => {
    const res = await callAs(t.app, bruno).delete(`/api/reading-list/${candide.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('« Candide » retiré de ta liste de lecture');
    const list = await callAs(t.app, bruno).get('/api/reading-list');
    expect(list.json().items).toEqual([]);
    // Hidden, not deleted: the reader's validations are history (reading-history.test.ts).
    expect((await rows(bruno.id)).map((r) => r.removedAt !== null)).toEqual([true]);
    expect((await rows(alice.id)).map((r) => r.removedAt)).toEqual([null]);
  });
});

describe('progress repair (maintenance)', () => {
  it('recomputes status, count and page from the validations, and reports what it fixed', async () => {
    const t = await buildTestApp();
    const db = t.database.db;
    const reader = await createReader(t.app);
    const book = await createBook(db, { totalPages: 100 });
    const [progress] = await db
      .insert(readingProgress)
      .values({ userId: reader.id, bookId: book.id })
      .returning();
    if (!progress) throw new Error('no progress');
    await db.insert(readingValidations).values(
      [1, 2].map((segment) => ({
        userId: reader.id,
        bookId: book.id,
        progressId: progress.id,
        segment,
      })),
    );
    expect(await repairAll(db)).toEqual({ corrected: 1, errors: 0 });
    const [fixed] = await db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.id, progress.id)));
    expect(fixed).toMatchObject({ status: 'in_progress', segmentsValidated: 2, currentPage: 60 });
    expect(await repairAll(db)).toEqual({ corrected: 0, errors: 0 });

    await db.insert(readingValidations).values(
      [3, 4].map((segment) => ({
        userId: reader.id,
        bookId: book.id,
        progressId: progress.id,
        segment,
      })),
    );
    await repairAll(db);
    const done = await db.execute<{ status: string; current_page: number }>(
      sql`select status, current_page from reading_progress where id = ${progress.id}`,
    );
    expect(done.rows[0]).toEqual({ status: 'completed', current_page: 100 });
    await t.close();
  });
});
