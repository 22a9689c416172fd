import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from './database';

export const fixtureClientDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/client',
);

/** The Origin header a page of the app sends with every change (see origin-check.ts). */
export const origin = { origin: 'http://localhost:3000' };

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/**
 * The real app on a fresh database, for `app.inject` tests. It is returned before
 * `ready()`, so a test may add a route of its own first.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { database?: Database } = {},
): Promise<TestApp> {
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({ config, database, clientDir: fixtureClientDir });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
