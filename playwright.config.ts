import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { adminEmail, chromiumPath, smtpPort } from './e2e/fixtures/env';
import { stripeEnv } from './e2e/fixtures/stripe';

// The end-to-end suite starts the real server (built client, fresh embedded database)
// and drives Debian's Chromium: Playwright never downloads a browser of its own. Mails go
// to a real SMTP server started by e2e/global-setup.ts, which files them for the tests.
//
// Two servers, two fresh databases: the readers' specs count and look at the demo catalogue
// (19 books in Littérature, a cover on every card), and the administrators' specs add books
// and posts. Sharing one database made the counts race with those writes (CI, stop 24).
const port = Number(process.env.E2E_PORT ?? 4010);
const baseURL = `http://127.0.0.1:${port}`;
const adminBaseURL = `http://127.0.0.1:${port + 1}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'lisons-e2e-data');
/** The specs that write to the catalogue or the blog: administrators, and readers adding books. */
const adminSpecs = [
  '**/admin*.spec.ts',
  '**/blog.spec.ts',
  '**/add-book.spec.ts',
  '**/question-proposals.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A journey (sign-up, a book page, a few answers) took 15–30 s in CI before decision 038
  // (7–15 s since): 30 s, the default, failed such tests for time alone. Longer journeys set
  // their own.
  timeout: 60_000,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  // Waits are for a state, and a state can take seconds to come on a busy 2-core machine: an
  // assertion waits up to 10 s, and an action (a click on a covered button) fails after 30 s
  // naming its step, where it used to hang until the test's own limit.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A trace (screenshots and DOM snapshots at every step) took a third of the browser's
    // work, and CI keeps no files to read one in: recorded on developers' machines only.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    actionTimeout: 30_000,
    // Readers who ask for less motion: the endless animations (the progress arrow's bounce,
    // skeletons) stop, which halved the browser's compositing work; motion.spec.ts checks the
    // animations and that this setting stops them.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: adminSpecs, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'admin',
      testMatch: adminSpecs,
      use: { ...devices['Desktop Chrome'], baseURL: adminBaseURL },
    },
  ],
  webServer: [appServer(port, dataDir), appServer(port + 1, `${dataDir}-admin`)],
});

/** One app server on its own fresh embedded database. */
function appServer(serverPort: number, directory: string) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    // What production runs: the compiled server (scripts/run-e2e.ts builds it first).
    command: 'node --enable-source-maps dist/app/main.js',
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: freshDir(directory),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Reset links in mails lead back to this server.
      PUBLIC_URL: url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?ignoreTLS=true`,
      ADMIN_EMAILS: adminEmail,
      // Every test signs up its own readers (about 40 a run), all from this one address.
      SIGN_UP_RATE_LIMIT: '500',
      // Nothing reaches the internet: readers type the books they add (decision 044).
      BOOK_LOOKUP: 'off',
      // Premium: events signed by the tests (e2e/fixtures/stripe.ts), Stripe's page intercepted.
      ...stripeEnv,
    },
  };
}

// Each run starts from an empty embedded database (the config is also loaded by workers,
// which must not wipe the directory the server is using).
function freshDir(dir: string): string {
  if (!process.env.TEST_WORKER_INDEX) fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}
