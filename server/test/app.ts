import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import type { LogStream } from '../logging';
import type { ScryptCost } from '../modules/auth/password-hash';
import type { JobQueue } from '../modules/jobs/jobs.worker';
import { createTestDatabase } from './database';

export const fixtureClientDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/client',
);

/** The Origin header a page of the app sends with every change (see origin-check.ts). */
export const origin = { origin: 'http://localhost:3000' };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The app's DATA_DIR: a fresh temporary folder (mails without SMTP_URL land in its mail/). */
  dataDir: string;
  /** The app's job queue: `runScheduled(name, instant)` runs a schedule's occurrence now. */
  jobs: JobQueue;
  close: () => Promise<void>;
};

/**
 * Readers' passwords in tests: scrypt still, at a 64th of the work (decision 043). The suite
 * signs readers up and in over 600 times per engine, and the real cost (about 170 ms of a
 * core each) was a fifth of the server tests' CPU. password-hash.test.ts checks the real one.
 */
export const testPasswordCost: ScryptCost = { N: 1024, r: 4, p: 1 };

/**
 * The real app on a fresh database, for `app.inject` tests. It is returned before
 * `ready()`, so a test may add a route of its own first. `logStream` receives every log
 * line (set LOG_LEVEL in `env` to see more than nothing).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { database?: Database; logStream?: LogStream } = {},
): Promise<TestApp> {
  // Created only if something writes there (the mailer creates its folder itself).
  const dataDir = path.join(os.tmpdir(), `lisons-test-data-${randomUUID()}`);
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Nothing in the tests reaches the internet: a test of the lookup points it at the fake.
    BOOK_LOOKUP: 'off',
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    database,
    clientDir: fixtureClientDir,
    logStream: options.logStream,
    passwordCost: testPasswordCost,
  });
  return {
    app,
    database,
    dataDir,
    // Read when used: buildApp decorates the app with its queue (server/app.ts).
    get jobs() {
      return app.getDecorator<JobQueue>('jobs');
    },
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
