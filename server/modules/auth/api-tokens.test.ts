import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenMessages as m } from '../../../domain/messages/api-tokens';
import { callWithToken, createApiToken } from '../../test/api-tokens';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';
import { expectFrenchError, grantFlags, rowsOf } from '../../test/security/security-helpers';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  // Every log line the app writes, down to debug: none may hold a token.
  t = await buildTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (l) => logLines.push(l) } });
});
afterAll(() => t.close());

const tokenRows = async (readerId: string) =>
  (
    await t.database.db.execute<Record<string, unknown>>(
      sql`select * from api_tokens where user_id = ${readerId} order by created_at`,
    )
  ).rows;

const listed = async (reader: Reader) => {
  const res = await callAs(t.app, reader).get('/api/account/tokens');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tokens as { id: string; name: string; lastUsedAt: string | null }[];
};

describe('a personal API token', () => {
  it('is shown once, kept only as its SHA-256, and listed without it', async () => {
    const reader = await createReader(t.app);
    const res = await callAs(t.app, reader).post('/api/account/tokens', {
      name: '  Mon tableur  ',
      scope: 'read',
      expiresInDays: 30,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { secret, token, message } = res.json();
    expect(message).toBe(m.created);
    expect(secret).toMatch(/^lisons_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Mon tableur', scope: 'read', lastUsedAt: null });
    const days = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const rows = await tokenRows(reader.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret.slice('lisons_pat_'.length));
    const list = await callAs(t.app, reader).get('/api/account/tokens');
    expect(list.json().tokens).toEqual([token]);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(String(rows[0]?.token_hash));
  });

  it("lists the reader's books, from a program (no cookie, no Origin), and records its use", async () => {
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db, { title: 'Le Horla' });
    expect(
      (await callAs(t.app, reader).post('/api/reading-list', { bookId: book.id })).statusCode,
    ).toBe(201);
    const { secret } = await createApiToken(t.app, reader, { name: 'Script' });

    const res = await callWithToken(t.app, secret, 'GET', '/api/reading-list', {
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((item: { book: { title: string } }) => item.book.title)).toEqual([
      'Le Horla',
    ]);
    expect(res.headers['set-cookie']).toBeUndefined();
    // The reader's own answer: no shared cache keeps it, cookie or not.
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [mine] = await listed(reader);
    expect(mine).toMatchObject({ name: 'Script', lastUsedFrom: '203.0.113.7' });
    expect(Date.now() - Date.parse(mine?.lastUsedAt ?? '')).toBeLessThan(60_000);

    // Another address is recorded at once; the same one again within a minute is not rewritten.
    await callWithToken(t.app, secret, 'GET', '/api/me/stats', { remoteAddress: '198.51.100.4' });
    expect((await listed(reader))[0]).toMatchObject({ lastUsedFrom: '198.51.100.4' });
  });

  it('is refused once revoked: 401 in French, and revoking it again is a 404', async () => {
    const reader = await createReader(t.app);
    const { id, secret } = await createApiToken(t.app, reader);
    expect((await callWithToken(t.app, secret, 'GET', '/api/reading-list')).statusCode).toBe(200);

    const revoked = await callAs(t.app, reader).delete(`/api/account/tokens/${id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ message: m.revoked });
    expect(await tokenRows(reader.id)).toEqual([]);

    const refused = await callWithToken(t.app, secret, 'GET', '/api/reading-list');
    expectFrenchError(refused, 401);
    expect(refused.json().error).toEqual({ code: 'AUTH_REQUIRED', message: m.unknownToken });
    expectFrenchError(await callAs(t.app, reader).delete(`/api/account/tokens/${id}`), 404);
  });

  it('is refused once expired, and an unknown or malformed one too', async () => {
    const reader = await createReader(t.app);
    const { secret } = await createApiToken(t.app, reader, { expiresInDays: 7 });
    await t.database.db.execute(
      sql`update api_tokens set expires_at = now() - interval '1 second' where user_id = ${reader.id}`,
    );
    const expired = await callWithToken(t.app, secret, 'GET', '/api/reading-list');
    expectFrenchError(expired, 401);
    expect(expired.json().error.message).toBe(m.expiredToken);
    expect((await tokenRows(reader.id))[0]?.last_used_at).toBeNull();
    for (const token of ['', 'lisons_pat_inconnu', `${secret}x`, 'abc', 'a'.repeat(4000)]) {
      const res = await callWithToken(t.app, token, 'GET', '/api/reading-list', {
        remoteAddress: '192.0.2.50',
      });
      expectFrenchError(res, 401);
      expect(res.json().error.message).toBe(m.unknownToken);
    }
  });

  it('reads only with a read scope: a write is a 403 in French and changes nothing', async () => {
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db);
    const read = await createApiToken(t.app, reader, { scope: 'read' });
    const before = await rowsOf(t.database.db, reader.id);
    const res = await callWithToken(t.app, read.secret, 'POST', '/api/reading-list', {
      payload: { bookId: book.id },
    });
    expectFrenchError(res, 403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: m.readOnly });
    expect(await rowsOf(t.database.db, reader.id)).toEqual(before);
    expect((await tokenRows(reader.id))[0]?.last_used_at).toBeNull();

    const write = await createApiToken(t.app, reader, { scope: 'write' });
    const added = await callWithToken(t.app, write.secret, 'POST', '/api/reading-list', {
      payload: { bookId: book.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const list = await callWithToken(t.app, write.secret, 'GET', '/api/reading-list');
    expect(list.json().items).toHaveLength(1);
  });

  it('never manages tokens, the password, the account or the back office (403, nothing changed)', async () => {
    const reader = await createReader(t.app);
    const { id, secret } = await createApiToken(t.app, reader, { scope: 'write' });
    await grantFlags(t, reader.id); // even an administrator's token
    const before = {
      rows: await rowsOf(t.database.db, reader.id),
      tokens: await tokenRows(reader.id),
    };
    const refusedRoutes: [string, string, object?][] = [
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens', { name: 'Autre', scope: 'write' }],
      ['DELETE', `/api/account/tokens/${id}`],
      [
        'POST',
        '/api/account/password',
        { currentPassword: reader.password, password: 'Nouveau1x', confirmation: 'Nouveau1x' },
      ],
      ['POST', '/api/account/delete', { password: reader.password }],
      ['GET', '/api/account/email-verification'],
      ['GET', '/api/admin/books'],
      ['POST', '/api/auth/sign-out', {}],
    ];
    const withAndWithoutOrigin: Record<string, string>[] = [
      {},
      { origin: 'http://localhost:3000' },
    ];
    for (const [method, url, payload] of refusedRoutes) {
      for (const headers of withAndWithoutOrigin) {
        const res = await callWithToken(t.app, secret, method as 'GET', url, { payload, headers });
        expectFrenchError(res, 403);
      }
      const withOrigin = await callWithToken(t.app, secret, method as 'GET', url, {
        payload,
        headers: { origin: 'http://localhost:3000' },
      });
      expect(withOrigin.json().error.message, `${method} ${url}`).toBe(m.notHere);
    }
    expect(await rowsOf(t.database.db, reader.id)).toEqual(before.rows);
    expect(await tokenRows(reader.id)).toEqual(before.tokens);
    // Where it may act, it acts with a reader's rights only, not the administrator's.
    const me = await callWithToken(t.app, secret, 'GET', '/api/profiles/me');
    expect(me.json()).toMatchObject({ id: reader.id, isAdmin: false, isPremium: true });
    const session = await callAs(t.app, reader).get('/api/profiles/me');
    expect(session.json()).toMatchObject({ id: reader.id, isAdmin: true });
  });

  it('is the only identity of its request: a cookie beside it is never read, nor unguarded', async () => {
    const reader = await createReader(t.app);
    const other = await createReader(t.app);
    const book = await createBook(t.database.db);
    const { secret } = await createApiToken(t.app, other, { scope: 'write' });
    // A bad token with a good cookie: refused, not served as the cookie's reader.
    const bad = await callWithToken(t.app, 'lisons_pat_faux', 'GET', '/api/profiles/me', {
      headers: { cookie: reader.cookie },
    });
    expectFrenchError(bad, 401);
    const mine = await callWithToken(t.app, secret, 'GET', '/api/profiles/me', {
      headers: { cookie: reader.cookie },
    });
    expect(mine.json().id).toBe(other.id);
    // With a cookie, the Origin check stands: a change from elsewhere is refused.
    const before = await rowsOf(t.database.db, other.id);
    const forged = await callWithToken(t.app, secret, 'POST', '/api/reading-list', {
      payload: { bookId: book.id },
      headers: { cookie: reader.cookie, origin: 'https://pirate.example' },
    });
    expectFrenchError(forged, 403);
    expect(forged.json().error.message).toBe('Origine de la requête refusée.');
    expect(await rowsOf(t.database.db, other.id)).toEqual(before);
  });

  it('is rate-limited: per token, and bad tokens per address', async () => {
    const reader = await createReader(t.app);
    const { secret } = await createApiToken(t.app, reader);
    let last = 200;
    for (let i = 0; i < 301 && last === 200; i++) {
      last = (await callWithToken(t.app, secret, 'GET', '/api/me/stats')).statusCode;
    }
    expect(last).toBe(429);
    const limited = await callWithToken(t.app, secret, 'GET', '/api/me/stats');
    expectFrenchError(limited, 429);
    // The reader's own session is not held up by their token's counter.
    expect((await callAs(t.app, reader).get('/api/me/stats')).statusCode).toBe(200);

    const address = '192.0.2.99';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await callWithToken(t.app, `lisons_pat_essai${i}`, 'GET', '/api/me/stats', {
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('is refused bad input in French: a name, a scope, a lifetime, a 21st token, a duplicate', async () => {
    const reader = await createReader(t.app);
    const me = callAs(t.app, reader);
    for (const [body, message] of [
      [{ name: '   ', scope: 'read' }, m.nameRequired],
      [{ name: 'x'.repeat(61), scope: 'read' }, m.nameTooLong],
      [{ name: 'Bon', scope: 'read', expiresInDays: 0 }, m.lifetimeInvalid],
      [{ name: 'Bon', scope: 'read', expiresInDays: 366 }, m.lifetimeInvalid],
      [{ name: 'Bon', scope: 'admin' }, undefined],
      [{ name: 'Bon', scope: 'read', userId: reader.id }, undefined],
    ] as const) {
      const res = await me.post('/api/account/tokens', body);
      expectFrenchError(res, 400);
      if (message) expect(res.json().error.message).toBe(message);
    }
    await createApiToken(t.app, reader, { name: 'Double' });
    const twice = await me.post('/api/account/tokens', { name: 'Double', scope: 'write' });
    expectFrenchError(twice, 409);
    expect(twice.json().error.message).toBe(m.nameTaken);
    for (let i = 1; i < 20; i++) await createApiToken(t.app, reader, { name: `Jeton ${i}` });
    const tooMany = await me.post('/api/account/tokens', { name: 'Vingt et un', scope: 'read' });
    expectFrenchError(tooMany, 409);
    expect(tooMany.json().error.message).toBe(m.tooMany);
    expect(await tokenRows(reader.id)).toHaveLength(20);
  });

  it("is its reader's alone: another reader neither sees nor revokes it", async () => {
    const alice = await createReader(t.app);
    const bruno = await createReader(t.app);
    const { id, secret } = await createApiToken(t.app, alice, { name: 'Celui d’Alice' });
    expect(await listed(bruno)).toEqual([]);
    expectFrenchError(await callAs(t.app, bruno).delete(`/api/account/tokens/${id}`), 404);
    expect((await callWithToken(t.app, secret, 'GET', '/api/profiles/me')).json().id).toBe(
      alice.id,
    );
    expectFrenchError(await callAs(t.app, null).get('/api/account/tokens'), 401);
  });

  it('is exported by name (never its hash) and goes with its deleted account', async () => {
    const reader = await createReader(t.app);
    const { secret } = await createApiToken(t.app, reader, { name: 'Export' });
    const exported = await callAs(t.app, reader).get('/api/account/export');
    expect(exported.json().data.auth.api_tokens).toEqual([
      expect.objectContaining({ name: 'Export', scope: 'read' }),
    ]);
    expect(exported.body).not.toContain('token_hash');
    expect(exported.body).not.toContain(createHash('sha256').update(secret).digest('hex'));
    const deleted = await callAs(t.app, reader).post('/api/account/delete', {
      password: reader.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await tokenRows(reader.id)).toEqual([]);
    expectFrenchError(await callWithToken(t.app, secret, 'GET', '/api/reading-list'), 401);
  });

  it('never reaches a log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const leaked = logLines.filter((line) => /lisons_pat_[A-Za-z0-9_-]{20}/.test(line));
    expect(leaked).toEqual([]);
  });
});
