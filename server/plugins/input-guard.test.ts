import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../modules/auth/auth.table';
import { buildTestApp, origin, type TestApp } from '../test/app';
import { callAs } from '../test/call-as';
import { createBook, createReader, type Reader } from '../test/factories';
import { containsNul } from './input-guard';

const refused = {
  error: {
    code: 'VALIDATION_ERROR',
    message: 'Le texte envoyé contient un caractère non autorisé.',
  },
};

// PostgreSQL refuses U+0000 in text: every input that reaches it must be a 400, not a 500.
describe('a NUL character in any input', () => {
  let t: TestApp;
  let reader: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    // A route of the test's own, feeding PostgreSQL a NUL the guard never saw.
    t.app.get('/test/nul-in-sql', async () => {
      await t.database.db.execute(sql`select ${'a\u0000b'}::text as v`);
      return { ok: true };
    });
    await createBook(t.database.db, { title: 'Les Misérables', author: 'Victor Hugo' });
    reader = await createReader(t.app, { email: 'nul@exemple.fr', password: 'motdepasse1' });
  });
  afterAll(() => t.close());

  const verificationCount = async () =>
    (await t.database.db.select({ id: verifications.id }).from(verifications)).length;

  it('in the username: 400 in French, the profile unchanged', async () => {
    const nameOf = async () => {
      const [row] = await t.database.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, reader.id));
      return row?.username;
    };
    // A new reader has the default name given at sign-up: it must be the one kept.
    const before = await nameOf();
    expect(before).toEqual(expect.any(String));
    const res = await callAs(t.app, reader).patch('/api/profiles/me', { username: 'ab\u0000cd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    expect(await nameOf()).toBe(before);
  });

  it('in the e-mail at sign-in: 400, no session', async () => {
    const res = await callAs(t.app, reader).post('/api/auth/sign-in', {
      email: 'nul\u0000@exemple.fr',
      password: 'motdepasse1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('in the e-mail of a reset request: 400, no token made', async () => {
    const before = await verificationCount();
    const res = await callAs(t.app, reader).post('/api/auth/password-reset', {
      email: 'nul@exemple.fr\u0000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    expect(await verificationCount()).toBe(before);
  });

  it('in the reset token of the link check: 400', async () => {
    const res = await callAs(t.app, reader).get('/api/auth/password-reset/abc%00def');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
  });

  it('in the reset token of the confirmation: 400, the password unchanged', async () => {
    const res = await callAs(t.app, reader).post('/api/auth/password-reset/confirm', {
      token: 'abc\u0000def',
      password: 'Nouveau2026',
      confirmation: 'Nouveau2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    const signIn = await callAs(t.app, reader).post('/api/auth/sign-in', {
      email: 'nul@exemple.fr',
      password: 'motdepasse1',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it.each(['/api/search?q=hu%00go', '/api/books?q=hu%00go'])(
    'in the search text of %s: 400',
    async (url) => {
      const res = await callAs(t.app, reader).get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused);
    },
  );

  it('in a JSON key or a nested value too', async () => {
    const res = await callAs(t.app, reader).patch('/api/profiles/me', { 'user\u0000name': 'abcd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
  });

  it('lets ordinary text through', async () => {
    const res = await callAs(t.app, reader).get('/api/search?q=hugo');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
  });

  it('leaves raw bytes alone (a photo is full of zero bytes, and is not text)', () => {
    expect(containsNul(Buffer.from([0x89, 0x50, 0x00, 0x00]))).toBe(false);
    expect(containsNul({ photo: new Uint8Array(4) })).toBe(false);
    expect(containsNul({ name: 'a\u0000b', photo: new Uint8Array(4) })).toBe(true);
  });

  it('refused by the database all the same (a route the guard missed): 400, not 500', async () => {
    const res = await callAs(t.app, reader).get('/test/nul-in-sql');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
  });
});

// A client may send `Content-Type: application/json` with no body at all (a joker, a
// sign-out): nothing to say is an empty object, not malformed JSON.
describe('an empty JSON body', () => {
  let t: TestApp;
  let reader: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.post('/api/test/echo', async (request) => ({ body: request.body ?? null }));
    reader = await createReader(t.app);
  });
  afterAll(() => t.close());

  const empty = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...origin,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      payload: '',
    });

  it('reaches the route as {}', async () => {
    const res = await empty('/api/test/echo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: {} });
  });

  it('lets a joker through to its own checks (here: an unknown book), not INVALID_JSON', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await empty(`/api/books/${unknown}/segments/1/joker`, reader.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).not.toBe('INVALID_JSON');
  });

  it('still refuses malformed JSON in French', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...origin, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_JSON', message: "Le contenu envoyé n'est pas un JSON valide." },
    });
  });
});
