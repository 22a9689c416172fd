import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingProgress, readingValidations } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { analyticsEvents } from './validation.table';

// Questions made by createQuestions answer `mot<segment>`.
describe('segment validation', () => {
  let t: TestApp;
  const bodies: { url: string; body: string }[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ VALIDATION_LOCK_MINUTES: '30' });
  });
  afterAll(() => t.close());

  const newBook = async (pages: number) => {
    const book = await createBook(t.database.db, { totalPages: pages });
    await createQuestions(t.database.db, book);
    return book;
  };
  const call = async (
    reader: Reader | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => {
    const res = await callAs(t.app, reader).send(method, url, payload);
    bodies.push({ url, body: res.body });
    return res;
  };
  const answer = (reader: Reader, bookId: string, segment: number, text: string) =>
    call(reader, 'POST', `/api/books/${bookId}/segments/${segment}/answer`, { answer: text });
  const joker = (reader: Reader, bookId: string, segment: number) =>
    call(reader, 'POST', `/api/books/${bookId}/segments/${segment}/joker`, {});
  // Validation XP only: quests (e.g. early_reader before 7:00) depend on the clock.
  const xpOf = async (userId: string) => {
    const r = await t.database.db.execute<{ total: number }>(
      sql`select coalesce(sum(amount), 0)::int as total from xp_events
          where user_id = ${userId} and reason = 'validation'`,
    );
    return r.rows[0]?.total;
  };
  const validationsOf = (userId: string, bookId: string) =>
    t.database.db
      .select()
      .from(readingValidations)
      .where(and(eq(readingValidations.userId, userId), eq(readingValidations.bookId, bookId)));

  it('asks a visitor to sign in', async () => {
    const book = await newBook(90);
    const res = await call(null, 'GET', `/api/books/${book.id}/segments/1/question`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(
      'Vous devez être connecté pour commencer ou valider votre lecture',
    );
  });

  it('gives the next question without its answer, then validates a right answer (+10 XP)', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(90);
    const state = await call(reader, 'GET', `/api/books/${book.id}/validation`);
    expect(state.json()).toEqual({
      segment: 1,
      expectedSegments: 3,
      completed: false,
      attemptsLeft: 3,
      lockedUntil: null,
      jokers: { used: 0, allowed: 1 },
    });
    const question = await call(reader, 'GET', `/api/books/${book.id}/segments/1/question`);
    expect(question.json()).toMatchObject({
      segment: 1,
      question: 'Quel mot clôt le segment 1 ?',
      attemptsLeft: 3,
    });
    expect(question.body).not.toContain('mot1');

    const res = await answer(reader, book.id, 1, '  MOT1 ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      correct: true,
      segment: 1,
      nextSegment: 2,
      completed: false,
      progress: {
        status: 'in_progress',
        segmentsValidated: 1,
        currentPage: 30,
        nextSegmentPage: 60,
      },
    });
    expect(res.json().xpGained).toBe(10 + res.json().rewards.xp);
    const [validation] = await validationsOf(reader.id, book.id);
    expect(validation).toMatchObject({ segment: 1, usedJoker: false, answer: 'MOT1' });
    expect(await xpOf(reader.id)).toBe(10);
  });

  it('counts wrong answers down to a 30-minute lock, then lets the reader try again once it ends', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(60);
    const first = await answer(reader, book.id, 1, 'faux');
    expect(first.json()).toEqual({
      correct: false,
      attemptsLeft: 2,
      lockedUntil: null,
      jokerOffer: false,
    });
    expect((await answer(reader, book.id, 1, 'faux')).json().attemptsLeft).toBe(1);
    const third = await answer(reader, book.id, 1, 'faux');
    expect(third.json()).toMatchObject({ correct: false, attemptsLeft: 0 });
    const lockedUntil = Date.parse(third.json().lockedUntil);
    expect(lockedUntil - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(lockedUntil - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const refused = await answer(reader, book.id, 1, 'mot1');
    expect(refused.statusCode).toBe(423);
    expect(refused.json().error).toMatchObject({
      code: 'SEGMENT_LOCKED',
      message: 'Nombre maximum de tentatives atteint. Réessayez plus tard.',
      details: { lockedUntil: third.json().lockedUntil },
    });
    expect(
      (await call(reader, 'GET', `/api/books/${book.id}/segments/1/question`)).statusCode,
    ).toBe(423);
    const state = await call(reader, 'GET', `/api/books/${book.id}/validation`);
    expect(state.json()).toMatchObject({ attemptsLeft: 0, lockedUntil: third.json().lockedUntil });
    expect(await validationsOf(reader.id, book.id)).toHaveLength(0);

    await t.database.db.execute(
      sql`update validation_attempts set locked_until = now() - interval '1 second' where user_id = ${reader.id}`,
    );
    const again = await call(reader, 'GET', `/api/books/${book.id}/segments/1/question`);
    expect(again.json().attemptsLeft).toBe(3);
    expect((await answer(reader, book.id, 1, 'faux')).json().attemptsLeft).toBe(2);
    expect((await answer(reader, book.id, 1, 'mot1')).json().correct).toBe(true);
  });

  it('offers a joker after a wrong answer and reveals the answer only in the joker response', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(90);
    const early = await joker(reader, book.id, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      code: 'JOKER_NOT_OFFERED',
      message: "Le joker n'est proposé qu'après une mauvaise réponse sur ce segment.",
    });
    expect((await answer(reader, book.id, 1, 'faux')).json().jokerOffer).toBe(true);
    const spent = await joker(reader, book.id, 1);
    expect(spent.statusCode).toBe(200);
    expect(spent.json()).toMatchObject({
      correct: true,
      answer: 'mot1',
      segment: 1,
      nextSegment: 2,
      progress: { segmentsValidated: 1, jokersUsed: 1, jokersAllowed: 1 },
    });
    expect(spent.json().xpGained).toBe(10 + spent.json().rewards.xp);
    const [validation] = await validationsOf(reader.id, book.id);
    expect(validation).toMatchObject({ usedJoker: true, answer: null });
    const events = await t.database.db
      .select({ name: analyticsEvents.name })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, reader.id));
    expect(events.map((e) => e.name).sort()).toEqual(['answer_revealed', 'joker_used']);

    // The only joker of a 3-segment book is spent.
    const wrong = await answer(reader, book.id, 2, 'faux');
    expect(wrong.json().jokerOffer).toBe(false);
    const none = await joker(reader, book.id, 2);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('Tous vos jokers ont été utilisés pour ce livre');
  });

  it('has no joker for a book under 3 segments', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(60);
    await answer(reader, book.id, 1, 'faux');
    const res = await joker(reader, book.id, 1);
    expect(res.json().error).toEqual({
      code: 'JOKERS_UNAVAILABLE',
      message: 'Les jokers ne sont pas disponibles pour ce livre (moins de 3 segments).',
    });
  });

  it('spends a joker sent without a body, as a browser’s bare POST', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(300);
    await answer(reader, book.id, 1, 'faux');
    const res = await callAs(t.app, reader).post(`/api/books/${book.id}/segments/1/joker`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ correct: true, answer: 'mot1', nextSegment: 2 });
  });

  it('lets a joker lift the cooldown lock', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(300);
    for (let i = 0; i < 3; i++) await answer(reader, book.id, 1, 'faux');
    const res = await joker(reader, book.id, 1);
    expect(res.json()).toMatchObject({ answer: 'mot1', nextSegment: 2 });
  });

  it('refuses segments out of order, already validated, beyond the last, or of a finished book', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(60);
    const ahead = await answer(reader, book.id, 2, 'mot2');
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json().error).toEqual({
      code: 'SEGMENT_NOT_NEXT',
      message: 'Impossible de déterminer le segment à valider',
    });
    await answer(reader, book.id, 1, 'mot1');
    const again = await answer(reader, book.id, 1, 'mot1');
    expect(again.json().error).toEqual({
      code: 'ALREADY_VALIDATED',
      message: 'Ce segment a déjà été validé',
    });
    expect((await answer(reader, book.id, 3, 'mot3')).json().error.code).toBe('SEGMENT_NOT_NEXT');

    const last = await answer(reader, book.id, 2, 'mot2');
    expect(last.json()).toMatchObject({
      completed: true,
      nextSegment: null,
      progress: { status: 'completed', progressPercent: 100, currentPage: 60 },
    });
    expect(last.json().progress.completedAt).not.toBeNull();
    const finished = await answer(reader, book.id, 2, 'mot2');
    expect(finished.json().error).toEqual({
      code: 'BOOK_FINISHED',
      message: 'Vous avez déjà terminé ce livre !',
    });
    const state = await call(reader, 'GET', `/api/books/${book.id}/validation`);
    expect(state.json()).toMatchObject({ completed: true, segment: 2 });
  });

  it('says when a segment has no question, and changes nothing', async () => {
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db, { totalPages: 60 });
    const res = await answer(reader, book.id, 1, 'mot1');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Aucune question trouvée pour ce segment');
    expect(await validationsOf(reader.id, book.id)).toHaveLength(0);
  });

  it.each([
    [
      '/api/books/pas-un-id/segments/1/answer',
      { answer: 'x' },
      "L'ID du livre ne peut pas être vide",
    ],
    [
      '/api/books/00000000-0000-4000-8000-000000000000/segments/zéro/answer',
      { answer: 'x' },
      'Impossible de déterminer le segment à valider',
    ],
    [
      '/api/books/00000000-0000-4000-8000-000000000000/segments/0/answer',
      { answer: 'x' },
      'Impossible de déterminer le segment à valider',
    ],
    [
      '/api/books/00000000-0000-4000-8000-000000000000/segments/1/answer',
      { answer: '   ' },
      'Veuillez entrer une réponse',
    ],
    [
      '/api/books/00000000-0000-4000-8000-000000000000/segments/1/answer',
      {},
      'Veuillez entrer une réponse',
    ],
  ])('refuses %s %j with a French 400', async (url, payload, message) => {
    const reader = await createReader(t.app);
    const res = await call(reader, 'POST', url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('never lets a reader answer for someone else', async () => {
    const alice = await createReader(t.app);
    const bruno = await createReader(t.app);
    const book = await newBook(90);
    const res = await call(alice, 'POST', `/api/books/${book.id}/segments/1/answer`, {
      answer: 'mot1',
      userId: bruno.id,
    });
    expect(res.statusCode).toBe(400);
    expect(await validationsOf(bruno.id, book.id)).toHaveLength(0);
    expect(await validationsOf(alice.id, book.id)).toHaveLength(0);
  });

  it('turns twenty identical right answers sent at once into one validation and +10 XP once', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(90);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => answer(reader, book.id, 1, 'mot1')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().error?.code === 'ALREADY_VALIDATED')).toHaveLength(19);
    expect(await validationsOf(reader.id, book.id)).toHaveLength(1);
    expect(await xpOf(reader.id)).toBe(10);
  });

  it('never spends more jokers than allowed, even in parallel', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(90); // 3 segments: 1 joker
    await answer(reader, book.id, 1, 'faux');
    const results = await Promise.all(Array.from({ length: 10 }, () => joker(reader, book.id, 1)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const used = (await validationsOf(reader.id, book.id)).filter((v) => v.usedJoker);
    expect(used).toHaveLength(1);
  });

  it('counts every wrong answer of a burst: none is lost and the lock comes at the third', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(90);
    // The progress row exists, so every request of the burst queues on its lock.
    expect((await answer(reader, book.id, 1, 'faux')).json().attemptsLeft).toBe(2);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => answer(reader, book.id, 1, 'faux')),
    );
    const counted = results.filter((r) => r.statusCode === 200);
    expect(counted.map((r) => r.json().attemptsLeft).sort()).toEqual([0, 1]);
    const locked = results.filter((r) => r.statusCode === 423);
    expect(locked).toHaveLength(4);
    for (const r of locked) expect(r.json().error.code).toBe('SEGMENT_LOCKED');
    const attempts = await t.database.db.execute<{ wrong_count: number; locked: boolean }>(
      sql`select wrong_count, locked_until > now() as locked from validation_attempts
          where user_id = ${reader.id} and book_id = ${book.id}`,
    );
    expect(attempts.rows).toEqual([{ wrong_count: 3, locked: true }]);
    expect((await answer(reader, book.id, 1, 'mot1')).statusCode).toBe(423);
  });

  it('keeps a validation all-or-nothing: if the XP cannot be written, nothing is', async () => {
    const reader = await createReader(t.app);
    const book = await newBook(90);
    await t.database.db.execute(sql`
      create function refuse_xp() returns trigger language plpgsql as $$
      begin raise exception 'xp refused'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_xp before insert on xp_events for each row execute function refuse_xp()`,
    );
    try {
      const res = await answer(reader, book.id, 1, 'mot1');
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe('Une erreur inattendue est survenue');
      expect(await validationsOf(reader.id, book.id)).toHaveLength(0);
      const rows = await t.database.db
        .select()
        .from(readingProgress)
        .where(eq(readingProgress.userId, reader.id));
      expect(rows.every((p) => p.segmentsValidated === 0)).toBe(true);
      const xp = await t.database.db.execute(
        sql`select 1 from xp_events where user_id = ${reader.id}`,
      );
      expect(xp.rows).toHaveLength(0);
      const quests = await t.database.db.execute(
        sql`select 1 from user_quests where user_id = ${reader.id}`,
      );
      expect(quests.rows).toHaveLength(0);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_xp on xp_events`);
      await t.database.db.execute(sql`drop function refuse_xp()`);
    }
  });

  it('sent no answer in any response except the jokers’', () => {
    for (const { url, body } of bodies) {
      if (url.endsWith('/joker')) continue;
      expect(body, url).not.toMatch(/"answer":"mot\d/);
      expect(body, url).not.toMatch(/\bmot\d+\b/i);
    }
  });
});

describe('answer rate limit', () => {
  it('refuses a reader’s answers past the per-minute limit, in French', async () => {
    const t = await buildTestApp({ ANSWER_RATE_LIMIT: '3' });
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db, { totalPages: 300 });
    await createQuestions(t.database.db, book);
    const send = () =>
      callAs(t.app, reader).post(`/api/books/${book.id}/segments/1/answer`, { answer: 'faux' });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Trop de tentatives. Réessaie dans 1\u00a0min.');
    await t.close();
  });

  it('counts refused answers and jokers too, and refuses past the limit before any other check', async () => {
    const t = await buildTestApp({ ANSWER_RATE_LIMIT: '4' });
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db, { totalPages: 300 });
    await createQuestions(t.database.db, book);
    const post = (url: string, payload: object) => callAs(t.app, reader).post(url, payload);
    const answerTo = (bookId: string, segment: number, answer: string) =>
      post(`/api/books/${bookId}/segments/${segment}/answer`, { answer });
    expect((await answerTo(book.id, 5, 'mot5')).statusCode).toBe(409); // not the next segment
    expect((await post(`/api/books/${book.id}/segments/1/joker`, {})).statusCode).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await answerTo(unknown, 1, 'mot1')).statusCode).toBe(404);
    expect((await answerTo(book.id, 1, 'faux')).statusCode).toBe(200);

    const right = await answerTo(book.id, 1, 'mot1');
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Trop de tentatives. Réessaie dans 1\u00a0min.',
    });
    expect(right.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect((await answerTo(unknown, 1, 'mot1')).statusCode).toBe(429);
    expect((await post(`/api/books/${book.id}/segments/1/joker`, {})).statusCode).toBe(429);
    const validations = await t.database.db
      .select()
      .from(readingValidations)
      .where(eq(readingValidations.userId, reader.id));
    expect(validations).toHaveLength(0);
    const attempts = await t.database.db.execute<{ wrong_count: number }>(
      sql`select wrong_count from validation_attempts where user_id = ${reader.id}`,
    );
    expect(attempts.rows).toEqual([{ wrong_count: 1 }]);
    await t.close();
  });
});
