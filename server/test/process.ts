import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../paths';

export type Spawned = {
  child: ChildProcess;
  /** Everything written so far on stdout and stderr. */
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
};

/** Runs a TypeScript entry point of the project in its own Node process. */
export function spawnTs(entry: string, env: Record<string, string>, args: string[] = []): Spawned {
  // A process given no DATA_DIR writes its mail outbox (every sign-up mails a confirmation
  // link) into a temporary folder of its own, never into the repository's ./data.
  const ownDataDir =
    env.DATA_DIR || process.env.DATA_DIR
      ? undefined
      : fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-spawned-'));
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (ownDataDir) child.on('exit', () => fs.rmSync(ownDataDir, { recursive: true, force: true }));
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function isReady(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    return res.ok;
  } catch {
    return false;
  }
}
