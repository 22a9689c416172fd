import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { createReader, type Reader } from '../factories';
import {
  buildWorld,
  caller,
  expectFrenchError,
  expectNoAnswerLeaked,
  rowsOf,
  SECRET,
  secretAnswer,
  type World,
  xpOf,
} from './security-helpers';

// The old app let the browser decide: correctness, jokers, answers, XP, badges, progress and
// locks were all in its hands. Each test below tries what a tampered browser would send and
// checks what comes back and what the database holds afterwards.
let t: TestApp;
let w: World;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp({ VALIDATION_LOCK_MINUTES: '30', ANSWER_RATE_LIMIT: '1000' });
  w = await buildWorld(t);
  api = caller(t.app);
});
afterAll(() => t.close());

const seg = (bookId: string, n: number, what: 'answer' | 'joker' | 'question') =>
  `/api/books/${bookId}/segments/${n}/${what}`;
const answer = (who: Reader, bookId: string, n: number, payload: object) =>
  api.call(who, 'POST', seg(bookId, n, 'answer'), { payload });
const joker = (who: Reader, bookId: string, n: number, payload: object = {}) =>
  api.call(who, 'POST', seg(bookId, n, 'joker'), { payload });
// One reader per group of refusals: a refused request changes nothing, so they can share.
const shared = new Map<string, Promise<Reader>>();
const once = (key: string, setUp?: (reader: Reader) => Promise<void>) => {
  let reader = shared.get(key);
  if (!reader) {
    reader = createReader(t.app).then(async (r) => {
      await setUp?.(r);
      return r;
    });
    shared.set(key, reader);
  }
  return reader;
};
const validations = async (userId: string) =>
  (
    await t.database.db.execute(
      sql`select book_id, segment, used_joker from reading_validations where user_id = ${userId}`,
    )
  ).rows;

describe('the client decides correctness', () => {
  let reader: Reader;
  beforeAll(async () => {
    reader = await createReader(t.app);
  });

  it.each([
    [{ answer: 'faux', correct: true }],
    [{ answer: 'faux', isCorrect: true, segmentsValidated: 3 }],
    [{ correct: true }],
    [{ answer: 'faux', expected: 'faux' }],
  ])('refuses %j with a French 400 and records no validation', async (payload) => {
    const before = await rowsOf(t.database.db, reader.id);
    const res = await answer(reader, w.books.three.id, 1, payload);
    expectFrenchError(res, 400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(await validations(reader.id)).toEqual([]);
    expect(await rowsOf(t.database.db, reader.id)).toEqual(before);
  });

  it('judges a wrong answer wrong whatever the query string or headers claim', async () => {
    const res = await api.call(
      reader,
      'POST',
      `${seg(w.books.three.id, 1, 'answer')}?correct=true`,
      {
        payload: { answer: 'faux' },
        headers: { 'x-correct': 'true', 'x-user-id': w.bruno.id },
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      correct: false,
      attemptsLeft: 2,
      lockedUntil: null,
      jokerOffer: true,
    });
    expect(await validations(reader.id)).toEqual([]);
    expect(await xpOf(t.database.db, reader.id)).toBe(0);
  });
});

describe('a free or extra joker reveal', () => {
  it('refuses a joker before any wrong answer: no answer, no validation', async () => {
    const reader = await createReader(t.app);
    const res = await joker(reader, w.books.three.id, 1);
    expectFrenchError(res, 409);
    expect(res.json().error).toEqual({
      code: 'JOKER_NOT_OFFERED',
      message: "Le joker n'est proposé qu'après une mauvaise réponse sur ce segment.",
    });
    expect(res.body).not.toMatch(SECRET);
    expect(await validations(reader.id)).toEqual([]);
  });

  it('refuses a joker beyond the allowance (1 on a 3-segment book), answer kept secret', async () => {
    const reader = await createReader(t.app);
    const book = w.books.three;
    await answer(reader, book.id, 1, { answer: 'faux' });
    const spent = await joker(reader, book.id, 1);
    expect(spent.json()).toMatchObject({ answer: secretAnswer('A', 1), nextSegment: 2 });
    expect((await answer(reader, book.id, 2, { answer: 'faux' })).json().jokerOffer).toBe(false);
    const extra = await joker(reader, book.id, 2, {});
    expectFrenchError(extra, 409);
    expect(extra.json().error).toEqual({
      code: 'NO_JOKER_LEFT',
      message: 'Tous vos jokers ont été utilisés pour ce livre',
    });
    expect(extra.body).not.toMatch(SECRET);
    // A client that claims more jokers is refused before anything happens.
    expectFrenchError(await joker(reader, book.id, 2, { jokersAllowed: 5, jokersUsed: 0 }), 400);
    expect(await validations(reader.id)).toEqual([
      { book_id: book.id, segment: 1, used_joker: true },
    ]);
  });

  it('gives no joker back when the book leaves the list and comes back', async () => {
    const reader = await createReader(t.app);
    const book = w.books.three;
    await answer(reader, book.id, 1, { answer: 'faux' });
    expect((await joker(reader, book.id, 1)).statusCode).toBe(200);
    const xp = await xpOf(t.database.db, reader.id);
    expect((await api.call(reader, 'DELETE', `/api/reading-list/${book.id}`)).statusCode).toBe(200);
    const back = await api.call(reader, 'POST', '/api/reading-list', {
      payload: { bookId: book.id },
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().progress).toMatchObject({ segmentsValidated: 1, jokersUsed: 1 });
    // Segment 1 cannot be validated (and its XP earned) a second time.
    expectFrenchError(await answer(reader, book.id, 1, { answer: secretAnswer('A', 1) }), 409);
    await answer(reader, book.id, 2, { answer: 'faux' });
    const again = await joker(reader, book.id, 2);
    expectFrenchError(again, 409);
    expect(again.json().error.code).toBe('NO_JOKER_LEFT');
    expect(await xpOf(t.database.db, reader.id)).toBe(xp);
    expect(await validations(reader.id)).toHaveLength(1);
  });

  it('has no joker on a book under 3 segments', async () => {
    const reader = await createReader(t.app);
    await answer(reader, w.books.two.id, 1, { answer: 'faux' });
    const res = await joker(reader, w.books.two.id, 1);
    expectFrenchError(res, 409);
    expect(res.json().error).toEqual({
      code: 'JOKERS_UNAVAILABLE',
      message: 'Les jokers ne sont pas disponibles pour ce livre (moins de 3 segments).',
    });
    expect(res.body).not.toMatch(SECRET);
    expect(await validations(reader.id)).toEqual([]);
  });

  it.each([2, 3, 10, 11, 10_000])(
    'refuses a joker on segment %i when the next one is 1, after a wrong answer on 1',
    async (n) => {
      const reader = await once('joker-n', async (r) => {
        await answer(r, w.books.ten.id, 1, { answer: 'faux' });
      });
      const res = await joker(reader, w.books.ten.id, n);
      expectFrenchError(res);
      expect([400, 409]).toContain(res.statusCode);
      expect(res.body).not.toMatch(SECRET);
      expect(await validations(reader.id)).toEqual([]);
    },
  );

  it('spends one joker out of twelve sent at once, on a 10-segment book with 2 jokers', async () => {
    const reader = await createReader(t.app);
    const book = w.books.ten;
    await answer(reader, book.id, 1, { answer: 'faux' });
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => joker(reader, book.id, 1 + (i % 2))),
    );
    const ok = burst.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json()).toMatchObject({ segment: 1, answer: secretAnswer('B', 1) });
    for (const r of burst.filter((r) => r.statusCode !== 200)) {
      expectFrenchError(r, 409);
      expect(r.body).not.toMatch(SECRET);
    }
    expect(await validations(reader.id)).toEqual([
      { book_id: book.id, segment: 1, used_joker: true },
    ]);
  });
});

describe('readable answers', () => {
  it('never shows an answer on any reading route before a joker, and only in the joker response after', async () => {
    const reader = await createReader(t.app);
    const { call } = api;
    const book = w.books.ten;
    const reads = async () => {
      for (const url of [
        `/api/books/${book.id}`,
        `/api/books/${book.slug}`,
        `/api/books/${book.id}/validation`,
        '/api/reading-list',
        `/api/search?q=${encodeURIComponent('Livre secret')}`,
        `/api/search?q=${encodeURIComponent(secretAnswer('B', 1))}`,
        '/api/books?cat=litterature',
        `/api/books?cat=litterature&q=${encodeURIComponent('secret')}`,
        '/api/me/stats',
        '/api/me/achievements',
        '/api/profiles/me',
        `/api/profiles/${w.bruno.id}`,
        `/api/profiles/${w.bruno.id}/badges`,
        '/api/openapi.json',
        '/api/docs',
        ...Array.from({ length: 11 }, (_, i) => seg(book.id, i + 1, 'question')),
      ]) {
        const res = await call(reader, 'GET', url);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    };
    await reads();
    expect(
      (await call(reader, 'POST', '/api/reading-list', { payload: { bookId: book.id } }))
        .statusCode,
    ).toBe(201);
    await reads();
    const question = await call(reader, 'GET', seg(book.id, 1, 'question'));
    expect(question.json()).toMatchObject({
      segment: 1,
      question: 'Quel mot caché clôt le segment 1 ?',
    });
    expect(Object.keys(question.json()).sort()).toEqual([
      'attemptsLeft',
      'question',
      'questionId',
      'segment',
    ]);
    const wrong = await answer(reader, book.id, 1, { answer: 'faux' });
    expect(Object.keys(wrong.json()).sort()).toEqual([
      'attemptsLeft',
      'correct',
      'jokerOffer',
      'lockedUntil',
    ]);
    await reads();
    const spent = await joker(reader, book.id, 1);
    expect(spent.json().answer).toBe(secretAnswer('B', 1));
    expect(spent.body.match(new RegExp(SECRET, 'g'))).toHaveLength(1);
    await reads(); // the revealed answer is not sent again either
    expectNoAnswerLeaked(api.sent, w.jokerAnswer);
    const reveals = api.sent.filter((s) => s.status === 200 && SECRET.test(s.body));
    expect(reveals.every((s) => s.url.endsWith('/joker'))).toBe(true);
  });
});

describe('client-granted XP and badges', () => {
  it.each([
    ['answer', { answer: 'faux', xp: 1000 }],
    ['answer', { answer: 'faux', xpGained: 1000, badges: ['legende'] }],
    ['joker', { xp: 1000 }],
    ['joker', { badge: 'premier-livre' }],
  ] as const)(
    'refuses XP or a badge sent to the %s route: stats unchanged',
    async (what, payload) => {
      const reader = await once('xp', async (r) => {
        await answer(r, w.books.ten.id, 1, { answer: 'faux' });
      });
      const stats = (await api.call(reader, 'GET', '/api/me/stats')).json();
      const before = await rowsOf(t.database.db, reader.id);
      expectFrenchError(
        await api.call(reader, 'POST', seg(w.books.ten.id, 1, what), { payload }),
        400,
      );
      expect((await api.call(reader, 'GET', '/api/me/stats')).json()).toEqual(stats);
      expect(await rowsOf(t.database.db, reader.id)).toEqual(before);
      expect(await xpOf(t.database.db, reader.id)).toBe(0);
    },
  );

  it.each([
    ['POST', '/api/me/stats', { xp: 5000 }],
    ['PATCH', '/api/me/stats', { xp: 5000 }],
    ['POST', '/api/me/xp', { amount: 5000 }],
    ['POST', '/api/me/badges', { slug: 'legende' }],
    ['POST', '/api/me/achievements', { badge: 'premier-livre' }],
    ['PUT', '/api/me/achievements', { quests: ['early_reader'] }],
    ['PATCH', '/api/profiles/me', { username: 'Nouveau nom', xp: 5000 }],
    ['PATCH', '/api/profiles/me', { username: 'Nouveau nom', badges: ['premier-livre'] }],
  ] as const)('has no way to grant XP or badges: %s %s %j', async (method, url, payload) => {
    const reader = await once('xp');
    const before = await rowsOf(t.database.db, reader.id);
    const res = await api.call(reader, method, url, { payload });
    expectFrenchError(res);
    expect([400, 404, 405]).toContain(res.statusCode);
    expect(await rowsOf(t.database.db, reader.id)).toEqual(before);
    const achievements = (await api.call(reader, 'GET', '/api/me/achievements')).json();
    expect(achievements.stats.xp).toBe(0);
    expect(achievements.badges.filter((b: { earnedAt: unknown }) => b.earnedAt !== null)).toEqual(
      [],
    );
  });
});

describe('direct progress writes', () => {
  it.each([
    ['POST', '/api/reading-list', { status: 'completed', currentPage: 300, segmentsValidated: 10 }],
    ['POST', '/api/reading-list', { progress: { status: 'completed' } }],
    ['PATCH', '/api/reading-list/{id}', { status: 'completed', currentPage: 300 }],
    ['PUT', '/api/reading-list/{id}', { segmentsValidated: 10 }],
    ['PATCH', '/api/books/{id}/validation', { segment: 10 }],
    ['POST', '/api/books/{id}/validation', { segmentsValidated: 10 }],
    ['PUT', '/api/books/{id}/progress', { currentPage: 300 }],
    ['POST', '/api/books/{id}/segments/1/answer', { answer: 'faux', currentPage: 300 }],
  ] as const)('lets no reader set progress: %s %s %j', async (method, path, extra) => {
    const book = w.books.ten;
    const reader = await once('progress', async (r) => {
      await api.call(r, 'POST', '/api/reading-list', { payload: { bookId: book.id } });
    });
    const before = await rowsOf(t.database.db, reader.id);
    const url = path.replace('{id}', book.id);
    const payload = url === '/api/reading-list' ? { bookId: book.id, ...extra } : extra;
    const res = await api.call(reader, method, url, { payload });
    expectFrenchError(res);
    expect([400, 404, 405, 409]).toContain(res.statusCode);
    expect(await rowsOf(t.database.db, reader.id)).toEqual(before);
    const [item] = (await api.call(reader, 'GET', '/api/reading-list')).json().items;
    expect(item.progress).toMatchObject({
      status: 'to_read',
      segmentsValidated: 0,
      currentPage: 0,
    });
  });
});

describe('browser-only attempts and locks', () => {
  it('holds the lock on the server after 3 wrong answers, whatever the client sends, until it ends', async () => {
    const reader = await createReader(t.app);
    const book = w.books.ten;
    for (const left of [2, 1, 0]) {
      expect((await answer(reader, book.id, 1, { answer: 'faux' })).json().attemptsLeft).toBe(left);
    }
    const locked = async (res: Awaited<ReturnType<typeof answer>>) => {
      expectFrenchError(res, 423);
      expect(res.json().error).toMatchObject({
        code: 'SEGMENT_LOCKED',
        message: 'Nombre maximum de tentatives atteint. Réessayez plus tard.',
      });
      expect(res.body).not.toMatch(SECRET);
    };
    await locked(await answer(reader, book.id, 1, { answer: secretAnswer('B', 1) }));
    await locked(await api.call(reader, 'GET', seg(book.id, 1, 'question')));
    await locked(
      await api.call(reader, 'POST', `${seg(book.id, 1, 'answer')}?attempts=0&lockedUntil=`, {
        payload: { answer: secretAnswer('B', 1) },
        headers: { 'x-attempts-left': '3' },
      }),
    );
    // Tampered bodies are refused before anything, and the lock is still there after.
    expectFrenchError(
      await answer(reader, book.id, 1, { answer: secretAnswer('B', 1), attemptsLeft: 3 }),
      400,
    );
    expectFrenchError(await answer(reader, book.id, 1, { answer: 'x', lockedUntil: null }), 400);
    // A new session, or the book out of the list and back, does not lift it.
    const signIn = await api.call(null, 'POST', '/api/auth/sign-in', {
      payload: { email: reader.email, password: reader.password },
    });
    const again = {
      ...reader,
      cookie: signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    };
    await locked(await answer(again, book.id, 1, { answer: secretAnswer('B', 1) }));
    await api.call(again, 'DELETE', `/api/reading-list/${book.id}`);
    await api.call(again, 'POST', '/api/reading-list', { payload: { bookId: book.id } });
    await locked(await answer(again, book.id, 1, { answer: secretAnswer('B', 1) }));
    const state = (await api.call(again, 'GET', `/api/books/${book.id}/validation`)).json();
    expect(state).toMatchObject({ segment: 1, attemptsLeft: 0 });
    expect(Date.parse(state.lockedUntil)).toBeGreaterThan(Date.now() + 29 * 60_000);
    const attempts = await t.database.db.execute(
      sql`select wrong_count, locked_until > now() as locked from validation_attempts
          where user_id = ${reader.id}`,
    );
    expect(attempts.rows).toEqual([{ wrong_count: 3, locked: true }]);
    expect(await validations(reader.id)).toEqual([]);

    // The lock ends (moved into the past, as time would): the reader may answer again.
    await t.database.db.execute(
      sql`update validation_attempts set locked_until = now() - interval '1 second'
          where user_id = ${reader.id}`,
    );
    expect((await api.call(again, 'GET', seg(book.id, 1, 'question'))).json().attemptsLeft).toBe(3);
    const right = await answer(again, book.id, 1, { answer: secretAnswer('B', 1) });
    expect(right.json()).toMatchObject({ correct: true, segment: 1, nextSegment: 2 });
    expect(right.body).not.toMatch(SECRET);
    expect(await validations(reader.id)).toEqual([
      { book_id: book.id, segment: 1, used_joker: false },
    ]);
  });

  it('sent no answer anywhere in this file except in the jokers’ own responses', () => {
    expect(api.sent.length).toBeGreaterThan(100);
    expectNoAnswerLeaked(api.sent, w.jokerAnswer);
  });
});
