import os from 'node:os';
import { defineConfig } from 'vitest/config';

// *.embedded.test.ts files test the embedded engine itself (data-dir lock, crash safety,
// the server process on PGlite): they run once, not again on PostgreSQL.
const serverProject = (name: string, globalSetup: string, exclude: string[] = []) => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    exclude,
    environment: 'node',
    // One module graph per worker, not per file: importing the app (Fastify, better-auth,
    // drizzle, sharp…) again for every file was most of the suite's CPU. Each file still
    // builds its own app on its own database; nothing in server/ keeps state between apps
    // that a test reads (no vi.mock, no fake timers in server tests).
    isolate: false,
    globalSetup: [globalSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The server suite runs on embedded PGlite always, and again on PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it when a server answers on 127.0.0.1:5432).
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one alone on a 2-core machine,
    // where the server files wait on PostgreSQL, timers and child processes as much as they
    // compute. Two workers there ran the whole suite in 13 minutes instead of about 30.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      { test: { name: 'domain', include: ['domain/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        extends: './vite.config.ts',
        root: '.',
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      // *.postgres.test.ts files need PostgreSQL itself (several server processes on one
      // database): they run in server-pg only.
      serverProject('server', './server/test/global-setup-pglite.ts', ['**/*.postgres.test.ts']),
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject('server-pg', './server/test/global-setup-postgres.ts', [
              '**/*.embedded.test.ts',
            ]),
          ]
        : []),
    ],
  },
});
