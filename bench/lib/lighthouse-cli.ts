import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from 'lighthouse';
import { machineBusy } from './load';

// Lighthouse as its command line runs it: each run is the CLI's own process,
// which launches a Chrome of its own (a fresh profile, chrome-launcher's default flags and
// only `--headless=new --no-sandbox` besides) and quits it at the end. `bench:pages` used to
// drive one Chrome it had launched itself for every page and run, with `--disable-gpu` and
// other flags; its figures were those of a browser already warm, not what anyone running
// `lighthouse <url>` sees.

const cli = fileURLToPath(import.meta.resolve('lighthouse/cli/index.js'));

/** The only flags the CLI is given: a headless Chrome, as root in a container. */
export const cliChromeFlags = '--headless=new --no-sandbox';

/**
 * Waits until the machine is quiet: at most `maxBusy` % of its CPU time used over 2 s, for
 * `maxWaitMs` at most. Returns the last share measured (NaN without /proc/stat).
 */
export async function waitForQuiet(
  maxBusy: number,
  maxWaitMs: number,
): Promise<{ busy: number; waitedMs: number }> {
  const started = Date.now();
  for (;;) {
    const busy = await machineBusy();
    const waitedMs = Date.now() - started;
    if (!(busy > maxBusy) || waitedMs >= maxWaitMs) return { busy, waitedMs };
  }
}

/** CPU ticks (USER_HZ) of the whole machine, busy and in all; null without /proc. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const n = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - (n[3] ?? 0) - (n[4] ?? 0), total };
  } catch {
    return null;
  }
}

/**
 * CPU ticks of a process: its own, or (`children`) those of the children it has waited for,
 * which for this process are the CLI's runs, each with the Chrome it launched and reaped.
 */
function processTicks(pid: number | 'self', children = false): number {
  try {
    // The command name, in parentheses, may hold spaces: count fields after it.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // utime, stime, cutime, cstime are fields 14–17 of stat(5), 12–15 after the name.
    return children ? (f[13] ?? 0) + (f[14] ?? 0) : (f[11] ?? 0) + (f[12] ?? 0);
  } catch {
    return 0;
  }
}

export type CliRun = {
  lhr: Result;
  /**
   * Share of the machine's CPU time, while the run lasted, used by processes other than
   * the CLI, its Chrome, this bench and the server: what disturbed the run (NaN off Linux).
   */
  othersShare: number;
};

/**
 * One run of the Lighthouse CLI on `url` (mobile defaults). `headers` go to every request
 * of the page (`--extra-headers`: a signed-in reader's cookie). Resolves with the report and
 * how busy other processes kept the machine meanwhile, or null when the CLI could not record
 * the page (it says why on stderr).
 */
export async function runLighthouseCli(
  url: string,
  options: { chromePath: string; serverPid?: number; headers?: Record<string, string> },
): Promise<CliRun | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-lighthouse-'));
  const output = path.join(dir, 'report.json');
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${output}`,
    `--chrome-flags=${cliChromeFlags}`,
    '--quiet',
  ];
  if (options.headers) args.push(`--extra-headers=${JSON.stringify(options.headers)}`);
  const ours = () =>
    processTicks('self') +
    processTicks('self', true) +
    (options.serverPid ? processTicks(options.serverPid) : 0);
  try {
    const machineBefore = machineTicks();
    const oursBefore = ours();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        env: { ...process.env, CHROME_PATH: options.chromePath },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    const machineAfter = machineTicks();
    const oursUsed = ours() - oursBefore;
    if (code !== 0 || !fs.existsSync(output)) return null;
    const othersShare =
      machineBefore && machineAfter
        ? Math.max(0, machineAfter.busy - machineBefore.busy - oursUsed) /
          Math.max(1, machineAfter.total - machineBefore.total)
        : Number.NaN;
    return { lhr: JSON.parse(fs.readFileSync(output, 'utf8')) as Result, othersShare };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
