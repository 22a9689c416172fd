import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveFlags, serverEntry } from './server-command';

export type RunningServer = {
  baseUrl: string;
  /** The Origin header a page of the app sends: state-changing requests must carry it. */
  origin: string;
  /** The server's process id, to read its CPU time (/proc) around a measure. */
  pid: number | undefined;
  stop: () => Promise<void>;
};

/** On PostgreSQL the server wants a real deployment's settings: a secret and an https address. */
const benchPublicUrl = 'https://bench.lisons.test';

/**
 * Starts the real server (already built client) on a fresh embedded database, or on
 * BENCH_DATABASE_URL when set, and resolves once /readyz answers. With `dataDir`, the
 * embedded database is that folder's, kept when the server stops; `env` adds settings.
 */
export async function startServer(
  port: number,
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-bench-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (env.DATABASE_URL) {
    env.AUTH_SECRET ??= 'bench-secret-not-for-production-0123456789';
    env.PUBLIC_URL ??= benchPublicUrl;
  }
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under load.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // The serve script's flags (memory and compiler settings): what production runs.
  const child: ChildProcess = spawn(
    process.execPath,
    [...serveFlags, ...nodeArgs, ...serverEntry],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    origin: new URL(env.PUBLIC_URL ?? baseUrl).origin,
    pid: child.pid,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function writeResult(name: string, data: unknown): string {
  const dir = path.join('bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replaceAll(':', '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
