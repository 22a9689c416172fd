import { defineConfig } from 'vitest/config';

// *.embedded.test.ts files test the embedded engine itself (data-dir lock, crash safety,
// the server process on PGlite): they run once, not again on PostgreSQL.
const serverProject = (name: string, globalSetup: string, exclude: string[] = []) => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    exclude,
    environment: 'node',
    globalSetup: [globalSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The server suite runs on embedded PGlite always, and again on PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it when a server answers on 127.0.0.1:5432).
export default defineConfig({
  test: {
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
