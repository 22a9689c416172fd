import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';

describe('origin check on changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.post('/api/test/change', async () => ({ changed: true }));
    await t.app.ready();
  });
  afterAll(() => t.close());

  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/test/change', headers });

  it('accepts a change from our own public address', async () => {
    const res = await post({ origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true });
  });

  it('accepts the default localhost address as 127.0.0.1 and [::1] too, on its port only', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await post({ origin })).statusCode, origin).toBe(200);
    }
    for (const origin of [
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://0.0.0.0:3000',
    ]) {
      expect((await post({ origin })).statusCode, origin).toBe(403);
    }
  });

  it('refuses a change whose Origin only matches the Host header it came with', async () => {
    const res = await post({ host: 'pirate.example', origin: 'http://pirate.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Origine de la requête refusée.');
  });

  it.each(['/%61pi/test/change', '/%61%70%69/test/change', '/api/%74est/change'])(
    'refuses %s without an Origin, as the plain path',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'FORBIDDEN', message: 'Origine de la requête refusée.' },
      });
    },
  );

  it('falls back on the Referer when Origin is absent', async () => {
    const res = await post({ referer: 'http://localhost:3000/auth' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['no origin at all', {}],
    ['a malformed referer', { referer: 'not a url' }],
  ])('refuses a change from %s with a French 403', async (_label, headers) => {
    const res = await post(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Origine de la requête refusée.' },
    });
  });

  it('lets reads through without an origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});
