import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../test/database';
import type { Database } from './client';

describe('database notifications', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const notify = () => database.db.execute(sql`select pg_notify('essai', 'x')`);

  it('hears a NOTIFY on its channel until it stops listening', async () => {
    const heard = vi.fn();
    const unlisten = await database.listen('essai', heard);
    await notify();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    await unlisten();
    await notify();
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  // One embedded process never loses its link to its own database: PostgreSQL only.
  const onPostgres = inject('testDatabase').engine === 'postgres';
  if (onPostgres) {
    it('reports a lost connection and listens again once it is back', async () => {
      const heard = vi.fn();
      const unlisten = await database.listen('essai', heard);
      await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`);
      // Notifications sent meanwhile may be lost: the listener says so at once.
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      await vi.waitFor(
        async () => {
          const calls = heard.mock.calls.length;
          await notify();
          await new Promise((r) => setTimeout(r, 20));
          expect(heard.mock.calls.length).toBeGreaterThan(calls);
        },
        { timeout: 5_000, interval: 100 },
      );
      await unlisten();
    });
  }
});
