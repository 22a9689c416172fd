import { leanLoad } from './lib/lean-load';
import { processCpuMs } from './lib/load';
import { startServer, writeResult } from './lib/serve';

// An article's HTML served from the page cache (decision 030) against /healthz, in the same
// run and the same conditions: target ≥ 0.5 × /healthz's throughput (decision 030). Run after
// `npm run build`. BENCH_URL measures a server already running instead of starting one.
//
// Two figures per path, because client and server share this machine's two cores:
// - req/s from a lean client (lib/lean-load.ts: it counts a body's bytes, never decodes
//   them). autocannon, used before, decoded each body into a string: on the compressed
//   article it spent 84% of its CPU there, and it set the rate while the server idled;
// - the server's own CPU time per request (/proc/<pid>/stat, user and system, all threads):
//   how many requests a core of the server can answer, whatever the client costs. Its ratio
//   to /healthz's is the server's throughput ratio. Only when this script starts the server.
const article = process.argv[2] ?? '/blog/reprendre-gout-a-la-lecture';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const server = process.env.BENCH_URL
  ? { baseUrl: process.env.BENCH_URL, pid: undefined, stop: async () => {} }
  : await startServer(Number(process.env.BENCH_PORT ?? 4021));

/** The server's CPU time so far in ms (user + system), undefined off Linux or remote. */
const serverCpuMs = () => processCpuMs(server.pid);

async function measure(path: string, headers: Record<string, string> = {}) {
  const cpuBefore = serverCpuMs();
  const result = await leanLoad({
    url: `${server.baseUrl}${path}`,
    headers,
    connections,
    seconds: duration,
  });
  const cpuAfter = serverCpuMs();
  const ok = result.statuses[200] ?? 0;
  if (ok !== result.requests || result.errors) {
    throw new Error(`${path}: ${JSON.stringify(result.statuses)}, ${result.errors} errors`);
  }
  const cpuUsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined
      ? Number.NaN
      : ((cpuAfter - cpuBefore) * 1000) / result.requests;
  return {
    path,
    encoding: headers['accept-encoding'] ?? 'identity',
    'req/s': Math.round(result.requests / result.seconds),
    'p50 ms': Number(result.p50.toFixed(2)),
    'p99 ms': Number(result.p99.toFixed(2)),
    'KB/req': Math.round(result.bodyBytes / 102.4) / 10,
    'server CPU µs/req': Number(cpuUsPerRequest.toFixed(1)),
  };
}

try {
  // Warm: the first request renders the page and fills the cache.
  const first = await fetch(`${server.baseUrl}${article}`);
  if (!first.ok) throw new Error(`${article}: ${first.status}`);
  if (!(await first.text()).includes('<h1')) throw new Error(`${article} is not rendered`);
  // Warm the JIT for every path alike.
  await measure('/healthz');
  await measure(article);
  await measure(article, { 'accept-encoding': 'br, gzip' });
  const rows = [
    await measure('/healthz'),
    await measure(article),
    await measure(article, { 'accept-encoding': 'br, gzip' }),
  ];
  console.table(rows);
  const [health, plain, compressed] = rows as [
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
  ];
  const rate = (row: typeof health) => row['req/s'] / health['req/s'];
  const capacity = (row: typeof health) => health['server CPU µs/req'] / row['server CPU µs/req'];
  const ratios = {
    'req/s identity': rate(plain),
    'req/s br': rate(compressed),
    'server capacity identity': capacity(plain),
    'server capacity br': capacity(compressed),
  };
  for (const [name, value] of Object.entries(ratios)) {
    console.log(`article / healthz, ${name}: ${value.toFixed(2)}`);
  }
  const met = Math.min(ratios['req/s identity'], ratios['req/s br']) >= 0.5;
  console.log(`target ≥ 0.5 (req/s, both encodings): ${met ? 'OK' : 'BELOW'}`);
  console.log(`saved ${writeResult('ssr', { article, duration, connections, rows, ratios })}`);
} finally {
  await server.stop();
}
