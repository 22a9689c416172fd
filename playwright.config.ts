import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { adminEmail, smtpPort } from './e2e/fixtures/env';

// The end-to-end suite starts the real server (built client, fresh embedded database)
// and drives Debian's Chromium: Playwright never downloads a browser of its own. Mails go
// to a real SMTP server started by e2e/global-setup.ts, which files them for the tests.
const port = Number(process.env.E2E_PORT ?? 4010);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'lisons-e2e-data');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: freshDir(dataDir),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Reset links in mails lead back to this server.
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?ignoreTLS=true`,
      ADMIN_EMAILS: adminEmail,
    },
  },
});

// Each run starts from an empty embedded database (the config is also loaded by workers,
// which must not wipe the directory the server is using).
function freshDir(dir: string): string {
  if (!process.env.TEST_WORKER_INDEX) fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}
