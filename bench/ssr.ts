import autocannon from 'autocannon';
import { startServer, writeResult } from './lib/serve';

// An article's HTML served from the page cache (decision 030) against /healthz, in the same
// run and the same conditions: target ≥ 0.5 × /healthz's throughput (issue 15). Run after
// `npm run build`. BENCH_URL measures a server already running instead of starting one.
const article = process.argv[2] ?? '/blog/reprendre-gout-a-la-lecture';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const server = process.env.BENCH_URL
  ? { baseUrl: process.env.BENCH_URL, stop: async () => {} }
  : await startServer(Number(process.env.BENCH_PORT ?? 4021));

async function measure(path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url: `${server.baseUrl}${path}`,
    connections,
    duration,
    headers,
  });
  return {
    path,
    encoding: headers['accept-encoding'] ?? 'identity',
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'KB/req':
      Math.round(result.throughput.average / Math.max(1, result.requests.average) / 102.4) / 10,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

try {
  // Warm: the first request renders the page and fills the cache.
  const first = await fetch(`${server.baseUrl}${article}`);
  if (!first.ok) throw new Error(`${article}: ${first.status}`);
  if (!(await first.text()).includes('<h1')) throw new Error(`${article} is not rendered`);
  await measure('/healthz'); // warm the JIT for both paths alike
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
  const ratio = plain['req/s'] / health['req/s'];
  const ratioBr = compressed['req/s'] / health['req/s'];
  console.log(
    `article / healthz: ${ratio.toFixed(2)} (identity), ${ratioBr.toFixed(2)} (br); target ≥ 0.5: ${Math.min(ratio, ratioBr) >= 0.5 ? 'OK' : 'BELOW'}`,
  );
  console.log(
    `saved ${writeResult('ssr', { article, duration, connections, rows, ratio, ratioBr })}`,
  );
} finally {
  await server.stop();
}
