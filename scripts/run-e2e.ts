import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath as chromium } from '../e2e/fixtures/env';

// Runs the Playwright suite against the built app. Without Chromium a developer's run
// skips it LOUDLY; in CI (CI=true) a missing browser is a failure.
if (!fs.existsSync(chromium)) {
  const banner = [
    '',
    '############################################################################',
    `#  END-TO-END TESTS SKIPPED: no Chromium at ${chromium}`,
    '#  Install it with: sudo apt-get install -y chromium-headless-shell   (or set CHROMIUM_PATH)',
    '############################################################################',
    '',
  ].join('\n');
  console.error(banner);
  process.exit(process.env.CI ? 1 : 0);
}

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// `npm test` builds once, before the unit run (whose server processes then start from the
// build's embedded template and demo covers, as `npm start` does), and says so with --built.
const args = process.argv.slice(2);
const built = args.includes('--built');
if (!built) run('npm', ['run', 'build']);
run('npx', ['playwright', 'test', ...args.filter((arg) => arg !== '--built')]);
