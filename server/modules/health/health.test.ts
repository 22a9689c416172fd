import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

describe('health endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz says the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz says the database answers, and which engine it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.database.kind });
  });

  it('GET /readyz answers 503 with a French message once the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'La base de données ne répond pas.' },
    });
    await other.app.close();
  });

  it('GET /readyz answers 503 once shutdown began; every answer then closes its connection', async () => {
    const other = await buildTestApp();
    other.app.startDraining();
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Le serveur redémarre, réessaie dans un instant.' },
    });
    expect(res.headers.connection).toBe('close');
    const alive = await other.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.headers.connection).toBe('close');
    await other.close();
  });
});
