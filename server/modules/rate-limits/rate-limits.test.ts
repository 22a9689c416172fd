import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { createRateLimitsRepository } from './rate-limits.repository';

describe('rate-limit counters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts hits per key within the window and says when the limit is passed', async () => {
    const limits = createRateLimitsRepository({ db: database.db });
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await limits.hit('test:a', rule)).allowed).toBe(true);
    expect((await limits.hit('test:a', rule)).allowed).toBe(true);
    const third = await limits.hit('test:a', rule);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterMs).toBeGreaterThan(58_000);
    expect(third.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await limits.hit('test:b', rule)).allowed).toBe(true);
  });

  it('starts a new window once the last one has ended', async () => {
    const limits = createRateLimitsRepository({ db: database.db });
    const rule = { limit: 1, windowMs: 60_000 };
    await limits.hit('test:c', rule);
    expect((await limits.hit('test:c', rule)).allowed).toBe(false);
    await database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key = 'test:c'`,
    );
    expect((await limits.hit('test:c', rule)).allowed).toBe(true);
  });

  it('leaves the connection committing durably after a hit (the relaxed commit is the hit’s own)', async () => {
    const limits = createRateLimitsRepository({ db: database.db });
    await limits.hit('test:d', { limit: 5, windowMs: 60_000 });
    // The pool hands back the connection the hit just used (PGlite has only one).
    const setting = await database.db.execute<{ synchronous_commit: string }>(
      sql`show synchronous_commit`,
    );
    expect(setting.rows[0]?.synchronous_commit).toBe('on');
  });
});
