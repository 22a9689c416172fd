import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { cookieOf, createReader, verifyEmail } from '../../test/factories';

describe('sign-up, sign-in, sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: 'chef@lisons.app' });
    await createReader(t.app, { email: 'emma@exemple.fr', password: 'lecture42' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: origin, payload: payload as object, ...extra });
  const userCount = async () => {
    const r = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    return r.rows[0]?.n;
  };

  it('creates an account, signs it in with an HttpOnly Lax cookie, and starts it as a plain reader', async () => {
    const res = await post('/api/auth/sign-up', {
      email: '  Alice@Exemple.FR ',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      email: 'alice@exemple.fr',
      username: expect.stringMatching(/^\S+ \d+$/),
      isAdmin: false,
      isPremium: false,
      premiumSince: null,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = res.cookies.find((c) => c.name === 'lisons.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    // This browser is known to the new account: a botnet's guesses never lock it out.
    const device = res.cookies.find((c) => c.name === 'lisons.device');
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth/sign-in' });

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieOf(res) },
    });
    expect(session.json().user).toMatchObject({ id: user.id, email: 'alice@exemple.fr' });
  });

  it.each([
    [{ password: 'secret1' }, "L'email est requis"],
    [{ email: '   ', password: 'secret1' }, "L'email est requis"],
    [{ email: 'alice', password: 'secret1' }, "Format d'email invalide"],
    [{ email: 'alice@exemple', password: 'secret1' }, "Format d'email invalide"],
    [{ email: 'bob@exemple.fr' }, 'Le mot de passe est requis'],
    [{ email: 'bob@exemple.fr', password: '' }, 'Le mot de passe est requis'],
    [
      { email: 'bob@exemple.fr', password: '12345' },
      'Le mot de passe doit contenir au moins 6 caractères',
    ],
  ])('refuses sign-up %j with "%s" and creates nothing', async (payload, message) => {
    const before = await userCount();
    const res = await post('/api/auth/sign-up', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail already used, whatever its case', async () => {
    await createReader(t.app, { email: 'carole@exemple.fr' });
    const res = await post('/api/auth/sign-up', {
      email: 'CAROLE@exemple.fr',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'ALREADY_EXISTS',
      message: 'Un compte existe déjà avec cette adresse email',
    });
  });

  it('refuses a sign-up that tries to set its own role, and creates nothing', async () => {
    const before = await userCount();
    const res = await post('/api/auth/sign-up', {
      email: 'pirate@exemple.fr',
      password: 'secret1',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('makes an ADMIN_EMAILS address an administrator once confirmed, whatever its case, never at sign-up', async () => {
    const res = await post('/api/auth/sign-up', { email: 'Chef@Lisons.app', password: 'secret1' });
    expect(res.json().user.isAdmin).toBe(false);
    await verifyEmail(t, 'chef@lisons.app');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieOf(res) },
    });
    expect(session.json().user.isAdmin).toBe(true);
  });

  it('signs in with the right password, in any e-mail case', async () => {
    const reader = await createReader(t.app, { email: 'denis@exemple.fr', password: 'lecture42' });
    const res = await post('/api/auth/sign-in', {
      email: 'DENIS@exemple.fr',
      password: 'lecture42',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(reader.id);
    expect(res.cookies.some((c) => c.name === 'lisons.session_token')).toBe(true);
  });

  it.each([
    ['a wrong password', 'emma@exemple.fr', 'mauvais1'],
    ['an unknown e-mail', 'personne@exemple.fr', 'lecture42'],
  ])('answers %s with the same French 401', async (_label, email, password) => {
    const res = await post('/api/auth/sign-in', { email, password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Email ou mot de passe incorrect',
    });
    expect(res.cookies).toHaveLength(0);
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const reader = await createReader(t.app);
    const res = await callAs(t.app, reader).post('/api/auth/sign-out', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Déconnexion réussie' });
    const session = await callAs(t.app, reader).get('/api/auth/session');
    expect(session.json()).toEqual({ user: null });
  });

  it('answers a visitor without a session with user null', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('ignores a forged session cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: 'lisons.session_token=forged.value' },
    });
    expect(res.json()).toEqual({ user: null });
  });
});

describe('cookies behind https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const t = await buildTestApp({ PUBLIC_URL: 'https://lisons.example' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: 'https://lisons.example' },
      payload: { email: 'secure@exemple.fr', password: 'secret1' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name.endsWith('lisons.session_token'));
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    await t.close();
  });
});

describe('ADMIN_EMAILS at start-up', () => {
  it('grants the flag to existing readers listed whose address is confirmed, and to no one else', async () => {
    const first = await buildTestApp();
    const helene = await createReader(first.app, { email: 'helene@exemple.fr' });
    await verifyEmail(first, 'helene@exemple.fr');
    const ines = await createReader(first.app, { email: 'ines@exemple.fr' });
    await verifyEmail(first, 'ines@exemple.fr');
    // Listed, but whoever signed up with it never proved the mailbox is theirs.
    const squatter = await createReader(first.app, { email: 'autre@exemple.fr' });
    await first.app.close();

    const restarted = await buildTestApp(
      { ADMIN_EMAILS: ' HELENE@exemple.fr ,autre@exemple.fr' },
      { database: first.database },
    );
    const me = (cookie: string) =>
      restarted.app.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });
    expect((await me(helene.cookie)).json().isAdmin).toBe(true);
    expect((await me(ines.cookie)).json().isAdmin).toBe(false);
    expect((await me(squatter.cookie)).json().isAdmin).toBe(false);
    await restarted.close();
  });

  it('stops start-up on a malformed list, naming the variable', async () => {
    await expect(buildTestApp({ ADMIN_EMAILS: 'chef@lisons.app, pas-un-email' })).rejects.toThrow(
      /^Configuration invalide : ADMIN_EMAILS /,
    );
  });
});
