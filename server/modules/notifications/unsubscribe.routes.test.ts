import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeMessages as m } from '../../../domain/messages/digest';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { insertReaders } from '../../test/validations';
import { readerOfToken, unsubscribeToken } from './digest-mail';

// The digest e-mail's unsubscribe link: GET shows a page and changes nothing, POST (the page's
// button, or the mail client's one-click) turns the e-mail off; any token we did not sign is
// refused with a French page, and nothing changes.

const SECRET = 'un-secret-de-test-assez-long-pour-signer-les-jetons';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_SECRET: SECRET });
  await t.app.ready();
});
afterAll(() => t.close());

async function optedIn(): Promise<string> {
  const [reader] = await insertReaders(t.database.db, [null]);
  await t.database.db.execute(
    sql`insert into notification_preferences (reader_id, weekly_digest_email) values (${reader}, true)`,
  );
  return reader as string;
}

async function preferenceOf(readerId: string): Promise<boolean | null> {
  const { rows } = await t.database.db.execute<{ on: boolean }>(
    sql`select weekly_digest_email as on from notification_preferences where reader_id = ${readerId}`,
  );
  return rows[0]?.on ?? null;
}

const url = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;
const french = (text: string) => text.replaceAll("'", '&#39;');

describe('the signed token', () => {
  it('names its reader, and only with our secret and an unchanged reader id', () => {
    const reader = '5a1c3f8e-2b4d-4e6f-8a9b-0c1d2e3f4a5b';
    const other = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
    const token = unsubscribeToken(SECRET, reader);
    expect(readerOfToken(SECRET, token)).toBe(reader);
    expect(readerOfToken('un-autre-secret-tout-aussi-long-que-le-premier', token)).toBeNull();
    expect(readerOfToken(SECRET, `${other}.${token.split('.')[1]}`)).toBeNull();
    expect(readerOfToken(SECRET, `${token.slice(0, -1)}A`)).toBeNull();
    for (const bad of ['', 'abc', reader, `${reader}.`, `${token}x`, `${token}.${token}`]) {
      expect(readerOfToken(SECRET, bad)).toBeNull();
    }
  });
});

describe('GET /unsubscribe', () => {
  it('shows a French page whose button posts the token, and changes nothing', async () => {
    const reader = await optedIn();
    const token = unsubscribeToken(SECRET, reader);
    const response = await t.app.inject({ method: 'GET', url: url(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain(m.question);
    expect(response.body).toContain(
      `<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}">`,
    );
    expect(response.body).toContain(`<button type="submit">${m.confirm}</button>`);
    expect(response.body).not.toContain('<script');
    expect(await preferenceOf(reader)).toBe(true);
  });

  it('refuses a missing, malformed or forged token with a French page', async () => {
    const reader = await optedIn();
    const forged = unsubscribeToken('un-autre-secret-tout-aussi-long-que-le-premier', reader);
    for (const path of ['/unsubscribe', url(''), url('nimporte-quoi'), url(forged)]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(400);
      expect(response.body).toContain(french(m.invalid));
      expect(response.body).not.toContain('<form');
    }
    expect(await preferenceOf(reader)).toBe(true);
  });
});

describe('POST /unsubscribe', () => {
  it("turns the reader's digest e-mail off from the page's button, and again harmlessly", async () => {
    const reader = await optedIn();
    const token = unsubscribeToken(SECRET, reader);
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: url(token),
        headers: { ...origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(french(m.done));
      expect(await preferenceOf(reader)).toBe(false);
    }
  });

  it('works one-click, as a mail provider sends it: no Origin, no cookie, a form body', async () => {
    const reader = await optedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: url(unsubscribeToken(SECRET, reader)),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await preferenceOf(reader)).toBe(false);
  });

  it('writes the off preference for a reader who never had one, and nothing for one who is gone', async () => {
    const [fresh] = await insertReaders(t.database.db, [null]);
    const ok = await t.app.inject({
      method: 'POST',
      url: url(unsubscribeToken(SECRET, fresh as string)),
    });
    expect(ok.statusCode).toBe(200);
    expect(await preferenceOf(fresh as string)).toBe(false);

    const gone = '7d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a';
    const response = await t.app.inject({
      method: 'POST',
      url: url(unsubscribeToken(SECRET, gone)),
    });
    expect(response.statusCode).toBe(200);
    expect(await preferenceOf(gone)).toBeNull();
  });

  it("refuses a forged token, or one reader's signature on another's id, and changes nothing", async () => {
    const victim = await optedIn();
    const attacker = await optedIn();
    const own = unsubscribeToken(SECRET, attacker);
    const swapped = `${victim}.${own.split('.')[1]}`;
    const forged = unsubscribeToken('un-autre-secret-tout-aussi-long-que-le-premier', victim);
    for (const token of [swapped, forged, victim, 'x'.repeat(80)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: url(token),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, token).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(french(m.invalid));
    }
    expect(await preferenceOf(victim)).toBe(true);
    expect(await preferenceOf(attacker)).toBe(true);
  });

  it('refuses an over-long token with a French error', async () => {
    const response = await t.app.inject({ method: 'POST', url: url('x'.repeat(300)) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/200|caractères/);
  });
});
