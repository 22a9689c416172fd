import fs from 'node:fs';
import autocannon from 'autocannon';

export type Run = { result: autocannon.Result; latencies: number[] };

/**
 * One autocannon run over a list of paths, handed out round-robin across connections;
 * every request's own latency is kept, because autocannon's summary has no p95.
 */
export function fire(options: {
  baseUrl: string;
  paths: string[];
  seconds: number;
  connections: number;
  headers: Record<string, string>;
}): Promise<Run> {
  const { paths } = options;
  let next = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, latencies })),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** Nearest-rank percentile of sorted latencies. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Share of the whole machine's CPU time in use over `ms` (Linux /proc/stat), in %. */
export async function machineBusy(ms = 2000): Promise<number> {
  const sample = () => {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/);
    const n = (fields ?? []).slice(1).map(Number);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return { idle, total: n.reduce((a, b) => a + b, 0) };
  };
  try {
    const a = sample();
    await new Promise((r) => setTimeout(r, ms));
    const b = sample();
    return 100 * (1 - (b.idle - a.idle) / Math.max(1, b.total - a.total));
  } catch {
    return Number.NaN;
  }
}

/**
 * Signs a fresh reader up through the API (as the browser does) and puts one book on their
 * reading list, so the book page also runs its progress query. Returns the cookie header.
 */
export async function signUpReader(
  { baseUrl, origin: from }: { baseUrl: string; origin: string },
  bookId: string,
): Promise<string> {
  const origin = { origin: from, 'content-type': 'application/json' };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({
      email: `bench-reader-${Date.now()}@example.com`,
      password: 'Lisons-2026',
    }),
  });
  if (signUp.status !== 201)
    throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const added = await fetch(`${baseUrl}/api/reading-list`, {
    method: 'POST',
    headers: { ...origin, cookie },
    body: JSON.stringify({ bookId }),
  });
  if (!added.ok) throw new Error(`adding to the reading list failed: ${added.status}`);
  return cookie;
}

// Linux's clock tick for /proc times: 100 per second on every kernel configuration in use.
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far in ms (user + system), undefined off Linux or without a pid. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
