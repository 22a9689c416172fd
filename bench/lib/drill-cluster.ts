import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverEntry } from './server-command';

/**
 * The fault drill's deployment: app processes on one PostgreSQL database, and HAProxy in front
 * of them with the committed example configuration (deploy/haproxy.cfg).
 */

export type AppProcess = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
};

export const drillPublicUrl = 'https://drill.lisons.test';

export function appEnv(databaseUrl: string, port: number, dataDir: string) {
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: drillPublicUrl,
    AUTH_SECRET: 'drill-secret-not-for-production-0123456789',
    // The drill's readers each come from their own address (X-Forwarded-For set by the drill,
    // then HAProxy's own entry): two trusted hops.
    TRUST_PROXY: '2',
    ANSWER_RATE_LIMIT: '1000000',
    SIGN_UP_RATE_LIMIT: '1000000',
    DEMO_CATALOGUE: 'true',
    LOG_LEVEL: 'error',
  };
}

// Whatever happens to the drill, it leaves no process behind (they hold its ports).
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts one app process and resolves once its /readyz answers 200. */
export async function startApp(app: AppProcess, databaseUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lisons-drill-${app.name}-`));
  const child = spawn(process.execPath, serverEntry, {
    env: appEnv(databaseUrl, app.port, dataDir),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString().trim();
    if (text) process.stderr.write(`[${app.name}] ${text.slice(0, 400)}\n`);
  });
  app.child = child;
  children.add(child);
  child.once('exit', () => children.delete(child));
  const deadline = Date.now() + 90_000;
  while (!(await ready(app.url))) {
    if (child.exitCode !== null) throw new Error(`${app.name} exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${app.name} did not become ready`);
    await sleep(100);
  }
}

/** SIGTERM: resolves when the process has exited, with the time it took. */
export async function stopApp(app: AppProcess, signal: NodeJS.Signals = 'SIGTERM') {
  const child = app.child;
  if (!child || child.exitCode !== null) return 0;
  const started = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
  app.child = null;
  return performance.now() - started;
}

export async function ready(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export type Haproxy = {
  url: string;
  /** Each server's state as HAProxy sees it: UP, DOWN, MAINT… */
  states: () => Promise<Record<string, string>>;
  stop: () => Promise<void>;
};

export async function startHaproxy(port: number, apps: AppProcess[]): Promise<Haproxy> {
  const socket = path.join(os.tmpdir(), `lisons-drill-haproxy-${process.pid}.sock`);
  const env = {
    ...(process.env as Record<string, string>),
    LISONS_BIND: `127.0.0.1:${port}`,
    LISONS_DEPLOY_DIR: path.resolve('deploy'),
    LISONS_HAPROXY_SOCKET: socket,
    ...Object.fromEntries(apps.map((a, i) => [`LISONS_APP${i + 1}`, `127.0.0.1:${a.port}`])),
  };
  execFileSync('haproxy', ['-c', '-q', '-f', 'deploy/haproxy.cfg'], { env });
  const child = spawn('haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    // HAProxy's own notices of servers going down and up are the drill's business, not noise.
    if (/ALERT|Proxy .* started/.test(text)) process.stderr.write(`[haproxy] ${text}`);
  });
  const url = `http://127.0.0.1:${port}`;
  const haproxy: Haproxy = {
    url,
    states: async () => {
      const csv = await adminCommand(socket, 'show stat');
      const states: Record<string, string> = {};
      for (const line of csv.split('\n')) {
        const cells = line.split(',');
        if (cells[0] === 'app' && cells[1] && cells[1] !== 'BACKEND') {
          states[cells[1]] = cells[17] ?? '';
        }
      }
      return states;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const states = await haproxy.states().catch(() => ({}) as Record<string, string>);
    if (apps.every((a) => states[a.name] === 'UP')) return haproxy;
    if (Date.now() > deadline) throw new Error(`HAProxy never saw every process up`);
    await sleep(200);
  }
}

function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = net.connect(socket);
    let out = '';
    client.on('data', (chunk) => {
      out += chunk.toString();
    });
    client.on('end', () => resolve(out));
    client.on('error', reject);
    client.end(`${command}\n`);
  });
}

/** Resolves once `test` holds, polling every `everyMs`; the elapsed milliseconds. */
export async function waitUntil(
  test: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<number> {
  const started = performance.now();
  while (!(await test())) {
    if (performance.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(everyMs);
  }
  return performance.now() - started;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
