import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnTs, waitFor } from '../test/process';
import { openDatabase } from './client';

// Starting a writer process and opening the embedded database take seconds each on a busy
// 2-core machine: the safety net is wider than the suite's 30 s.
describe('embedded database crash safety', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every committed row when the process is killed with SIGKILL', async () => {
    const writer = spawnTs('server/test/fixtures/crash-writer.ts', { DATA_DIR: dataDir });
    const lastCommitted = () => {
      const matches = [...writer.output().matchAll(/committed (\d+)/g)];
      return Number(matches.at(-1)?.[1] ?? 0);
    };
    await waitFor(() => lastCommitted() >= 50, 'fifty commits', 90_000);
    writer.child.kill('SIGKILL');
    await writer.exited;
    const acknowledged = lastCommitted();

    // The dead writer's lock is stale: a new process opens the directory and finds the rows.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const result = await database.db.execute<{ count: number; max: number }>(
        sql`select count(*)::int as count, max(n)::int as max from crash_probe`,
      );
      const row = result.rows[0];
      expect(row?.count).toBe(row?.max);
      expect(row?.max).toBeGreaterThanOrEqual(acknowledged);
    } finally {
      await database.close();
    }
  });
});
