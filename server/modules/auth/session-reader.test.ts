import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createReader, type Reader } from '../../test/factories';
import { cookieValue, verifiedToken } from './session-reader';

const sign = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('signed session cookies', () => {
  it('gives the token back only when the signature is ours', () => {
    expect(verifiedToken(sign('abc123', 'secret-1'), 'secret-1')).toBe('abc123');
    expect(verifiedToken(sign('abc123', 'secret-2'), 'secret-1')).toBeNull();
    expect(verifiedToken(sign('abc123', 'secret-1').replace('abc', 'abd'), 'secret-1')).toBeNull();
  });

  it.each(['', 'abc123', '.sig', 'abc.', '%E0%A4%A', 'abc.!!!'])(
    'refuses the malformed value %j',
    (value) => {
      expect(verifiedToken(value, 'secret-1')).toBeNull();
    },
  );

  it('finds one cookie among others', () => {
    const header = 'theme=sombre; lisons.session_token=t.s%3D; other=1';
    expect(cookieValue(header, 'lisons.session_token')).toBe('t.s%3D');
    expect(cookieValue(header, 'session_token')).toBeNull();
    expect(cookieValue('', 'lisons.session_token')).toBeNull();
  });
});

describe('session lookup', () => {
  let t: TestApp;
  let reader: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    reader = await createReader(t.app);
  });
  afterAll(() => t.close());

  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  const setExpiry = (interval: string) =>
    t.database.db.execute(
      sql`update sessions set expires_at = now() + ${interval}::interval
          where user_id = ${reader.id}`,
    );

  it('recognises a live session and sets no cookie', async () => {
    const res = await me(reader.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: reader.id, email: reader.email });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a cookie whose signature was tampered with', async () => {
    const res = await me(reader.cookie.replace(/=(.)/, (_m, c) => `=${c === 'a' ? 'b' : 'a'}`));
    expect(res.json().user).toBeNull();
  });

  // A direct write to sessions reaches the session cache through its notification, within
  // moments: hence the waits below.
  it('lets better-auth refresh a session older than a day (sliding 30 days)', async () => {
    await setExpiry('29 days - 1 hour');
    const res = await vi.waitFor(async () => {
      const refreshed = await me(reader.cookie);
      expect(String(refreshed.headers['set-cookie'])).toContain('lisons.session_token=');
      return refreshed;
    });
    expect(res.json().user).toMatchObject({ id: reader.id });
    const { rows } = await t.database.db.execute<{ days: number }>(
      sql`select extract(day from expires_at - now())::int as days from sessions
          where user_id = ${reader.id}`,
    );
    expect(rows[0]?.days).toBeGreaterThanOrEqual(29);
  });

  it('signs out an expired session', async () => {
    await setExpiry('-1 minute');
    await vi.waitFor(async () => expect((await me(reader.cookie)).json().user).toBeNull());
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where user_id = ${reader.id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

  it('ends a session revoked by any writer (another process, a script) within moments', async () => {
    const reader = await createReader(t.app);
    expect((await me(reader.cookie)).json().user).toMatchObject({ id: reader.id });
    await t.database.db.execute(sql`delete from sessions where user_id = ${reader.id}`);
    await vi.waitFor(async () => expect((await me(reader.cookie)).json().user).toBeNull());
  });

  it('shows a right granted to a signed-in reader within moments', async () => {
    const reader = await createReader(t.app);
    expect((await me(reader.cookie)).json().user.isAdmin).toBe(false);
    await t.database.db.execute(sql`update users set is_admin = true where id = ${reader.id}`);
    await vi.waitFor(async () => expect((await me(reader.cookie)).json().user.isAdmin).toBe(true));
  });

  it('refuses a signed-out cookie at once in the process that signed it out', async () => {
    const reader = await createReader(t.app);
    expect((await me(reader.cookie)).json().user).not.toBeNull();
    const out = await callAs(t.app, reader).post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect((await me(reader.cookie)).json().user).toBeNull();
  });
});
