import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
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
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
