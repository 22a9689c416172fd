import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { createReader, type Reader } from '../../test/factories';
import { users } from '../auth/auth.table';

describe('profiles', () => {
  let t: TestApp;
  let alice: Reader;
  let bruno: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createReader(t.app, { email: 'alice@exemple.fr' });
    bruno = await createReader(t.app, { email: 'bruno@exemple.fr' });
  });
  afterAll(() => t.close());

  const patchMe = (reader: Reader | null, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      headers: { ...origin, ...(reader ? { cookie: reader.cookie } : {}) },
      payload,
    });
  const rowOf = async (id: string) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    return row;
  };

  it('shows the owner all their fields', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/profiles/me',
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: alice.id,
      email: 'alice@exemple.fr',
      username: null,
      isAdmin: false,
      isPremium: false,
    });
  });

  it('asks a visitor to sign in, in French', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'AUTH_REQUIRED',
      message: 'Tu dois être connecté pour accéder à cette page.',
    });
  });

  it('lets the owner set a username (trimmed)', async () => {
    const res = await patchMe(alice, { username: '  Alice Martin ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('Alice Martin');
    expect((await rowOf(alice.id))?.username).toBe('Alice Martin');
  });

  it.each([
    ['Al', 'Le nom doit contenir au moins 3 caractères'],
    ['   ab   ', 'Le nom doit contenir au moins 3 caractères'],
    ['x'.repeat(51), 'Le nom est trop long'],
  ])('refuses the username %j with "%s" and keeps the old one', async (username, message) => {
    const res = await patchMe(alice, { username });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await rowOf(alice.id))?.username).toBe('Alice Martin');
  });

  it.each([
    { isAdmin: true },
    { isPremium: true },
    { premiumSince: '2026-01-01T00:00:00.000Z' },
    { username: 'Bruno', isAdmin: true },
    { email: 'autre@exemple.fr' },
  ])('never lets a reader change %j through their profile', async (payload) => {
    const res = await patchMe(bruno, payload);
    expect(res.statusCode).toBe(400);
    const row = await rowOf(bruno.id);
    expect(row).toMatchObject({
      isAdmin: false,
      isPremium: false,
      premiumSince: null,
      username: null,
      email: 'bruno@exemple.fr',
    });
  });

  it('shows another reader only the public fields', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/profiles/${alice.id}`,
      headers: { cookie: bruno.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['avatarUrl', 'createdAt', 'id', 'username']);
    expect(res.json()).toMatchObject({ id: alice.id, username: 'Alice Martin' });
    expect(res.body).not.toContain('alice@exemple.fr');
  });

  it('answers a malformed id with a French 400 and an unknown one with a French 404', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/profiles/pas-un-id',
      headers: { cookie: bruno.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Ce lecteur n'existe pas.");
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/profiles/00000000-0000-4000-8000-000000000000',
      headers: { cookie: bruno.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Ce lecteur n'existe pas.");
  });
});
