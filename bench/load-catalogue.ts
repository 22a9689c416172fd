import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { novelNouns, places } from './lib/french-words';
import { fire, machineBusy, percentile, signUpReader } from './lib/load';
import { searchQueries } from './lib/search-queries';
import { startServer, writeResult } from './lib/serve';

// Catalogue API under load (decision 008), on PostgreSQL with the catalogue of
// bench/generate-catalogue.ts. Targets at 50 concurrent connections: search p95 < 20 ms,
// book page p95 < 10 ms (anonymous, and signed in: session and progress queries too);
// explore is measured for information. Requests look like a browser's fetch
// (accept-encoding: gzip, deflate, br) unless --encoding identity. The load generator and
// the server share the machine (2 cores here): the figures include that contention.
// Run `npm run build` first (the server serves the built client).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench \
//     node --import tsx bench/load-catalogue.ts [--connections 50] [--duration 15] \
//     [--warmup 3] [--encoding 'gzip, deflate, br'] [--quiet-wait 0] \
//     [--only healthz,readyz,search,book,book-reader,explore]
//
// Every connection sends its next request as soon as the last one is answered (closed
// loop, the server saturated), so p50 ≈ connections / throughput (Little's law); run with
// --connections 1 for the latency of one request alone. (autocannon's rate options send
// each second's requests in one burst: they do not give an unsaturated latency either.)
// healthz (no database) and readyz (one `select 1`) calibrate the machine: what a request
// costs once the catalogue queries are taken out. Before each scenario the machine is
// sampled for 2 s with nothing of ours running ("busy before"): well above 0 % means
// another process competed for the CPU and the run is not comparable with a quiet one;
// --quiet-wait S waits up to S seconds for the machine to be idle first.
const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    encoding: { type: 'string', default: 'gzip, deflate, br' },
    'quiet-wait': { type: 'string', default: '0' },
    only: {
      type: 'string',
      default: 'healthz,readyz,search,search-uncached,book,book-reader,explore',
    },
  },
});
const connections = Number(args.connections);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const quietWait = Number(args['quiet-wait']);
const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('BENCH_DATABASE_URL is required: run bench/generate-catalogue.ts on it first.');
  process.exit(2);
}
// It signs readers up and deletes the previous runs' ones: bench databases only.
if (!new URL(url).pathname.includes('bench')) {
  console.error('Refusing to run: the database name must contain "bench".');
  process.exit(2);
}

// A deterministic sample of published books (md5 order): two runs hit the same pages.
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows: sampled } = await client.query<{ slug: string }>(
  'select slug from books where is_published order by md5(slug) limit 2000',
);
const { rows: perCategory } = await client.query<{ category: string; n: number }>(
  'select category, count(*)::int as n from books where is_published group by category',
);
const { rows: known } = await client.query<{ id: string }>(
  `select id from books where slug = 'les-miserables-victor-hugo'`,
);
// Readers and sign-up counters of earlier runs (the sign-up limit is 20 an hour per IP).
await client.query(`delete from users where email like 'bench-reader-%@example.com'`);
await client.query(`delete from rate_limits where key like 'sign-up:%'`);
await client.end();
const miserablesId = known[0]?.id;
if (sampled.length < 100 || !miserablesId) {
  throw new Error('catalogue missing: run bench/generate-catalogue.ts first');
}

const searchPaths = searchQueries.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
// One request in ten is for a classic (les Misérables, on the reader's list), the rest the
// long tail of the catalogue.
const bookPaths = sampled.flatMap((r, i) => [
  `/api/books/${r.slug}`,
  ...(i % 9 === 0 ? ['/api/books/les-miserables-victor-hugo'] : []),
]);
// Explore: mostly the first pages, sometimes deep, every sort; 24 books a page.
const explorePaths = perCategory.flatMap(({ category, n }) =>
  [1, 2, 3, 4, 5, 10, 50, Math.ceil(n / 48), Math.ceil(n / 24)].flatMap((page) =>
    ['date', 'author', 'pages'].map(
      (sort) => `/api/books?cat=${category}&page=${page}&sort=${sort}`,
    ),
  ),
);

// Searches no one has typed before (a word or its prefix, then a place or its prefix): each
// is run by the database, not served from the catalogue cache. The warm-up gets its own.
const uncachedSearches = novelNouns.flatMap(({ w }) =>
  places.flatMap((place) =>
    [3, 5, 99].flatMap((n) =>
      [2, 4].map(
        (k) => `/api/search?q=${encodeURIComponent(`${w.slice(0, n)} ${place.slice(0, k)}`)}`,
      ),
    ),
  ),
);
const uniqueSearches = [...new Set(uncachedSearches)];
const oddOnes = (_: string, i: number) => i % 2 === 1;

type Scenario = {
  name: string;
  paths: string[];
  warmupPaths?: string[];
  targetP95?: number;
  signedIn?: boolean;
};
const scenarios: Scenario[] = [
  { name: 'healthz', paths: ['/healthz'] },
  { name: 'readyz', paths: ['/readyz'] },
  { name: 'search', paths: searchPaths, targetP95: 20 },
  {
    name: 'search-uncached',
    paths: uniqueSearches.filter(oddOnes),
    warmupPaths: uniqueSearches.filter((path, i) => !oddOnes(path, i)),
  },
  { name: 'book', paths: bookPaths, targetP95: 10 },
  { name: 'book-reader', paths: bookPaths, targetP95: 10, signedIn: true },
  { name: 'explore', paths: explorePaths },
].filter((s) => args.only.split(',').includes(s.name));

const headers: Record<string, string> = { accept: 'application/json' };
if (args.encoding !== 'identity') headers['accept-encoding'] = args.encoding;
const round = (n: number) => Math.round(n * 100) / 100;

// Which code was measured: runs only compare on the same commit (+ means local changes).
const commit = (() => {
  try {
    const head = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain server domain', { encoding: 'utf8' }).trim();
    return dirty ? `${head}+` : head;
  } catch {
    return 'unknown';
  }
})();
// The catalogue is the generated one: no demo loading on an empty database.
process.env.DEMO_CATALOGUE = 'false';
const server = await startServer(Number(process.env.BENCH_PORT ?? 4030));
/** Waits (up to --quiet-wait) for the machine to be idle; returns how busy it was, in %. */
async function quiet(what: string): Promise<number> {
  let busy = await machineBusy();
  for (const until = Date.now() + quietWait * 1000; busy > 10 && Date.now() < until; ) {
    busy = await machineBusy(5000);
  }
  if (busy > 10) console.warn(`warning: machine ${Math.round(busy)} % busy before ${what}`);
  return busy;
}
type Row = Record<string, string | number>;
const rows: Row[] = [];
const serial: Row[] = [];
try {
  const found = (await (await fetch(`${server.baseUrl}/api/search?q=miserables`)).json()) as {
    items: { slug: string }[];
  };
  if (!found.items.some((b) => b.slug === 'les-miserables-victor-hugo')) {
    throw new Error('search does not find les-miserables-victor-hugo: regenerate the catalogue');
  }
  const cookie = scenarios.some((s) => s.signedIn) ? await signUpReader(server, miserablesId) : '';

  // Each search query alone on one connection: which shapes are slow before any contention.
  if (scenarios.some((s) => s.name === 'search')) {
    await quiet('the one-at-a-time search probe');
    for (const path of searchPaths) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < 8; i++) {
        const t = performance.now();
        const response = await fetch(`${server.baseUrl}${path}`, { headers });
        count = ((await response.json()) as { items: unknown[] }).items.length;
        times.push(performance.now() - t);
      }
      // The first request of a query runs it in the database; the next ones are served from
      // the catalogue cache until the catalogue changes.
      const [cold = 0, ...warm] = times;
      warm.sort((a, b) => a - b);
      const q = decodeURIComponent(path.slice('/api/search?q='.length));
      serial.push({
        query: q,
        results: count,
        'first (database) ms': round(cold),
        'cached median ms': round(percentile(warm, 50)),
      });
    }
    serial.sort((a, b) => Number(b['first (database) ms']) - Number(a['first (database) ms']));
    console.log('search queries one at a time (slowest first; first request, then median of 7):');
    console.table(serial.slice(0, 15));
  }

  for (const scenario of scenarios) {
    const busy = await quiet(scenario.name);
    const run = {
      baseUrl: server.baseUrl,
      paths: scenario.paths,
      connections,
      headers: scenario.signedIn ? { ...headers, cookie } : headers,
    };
    if (warmup > 0) {
      await fire({ ...run, paths: scenario.warmupPaths ?? scenario.paths, seconds: warmup });
    }
    const { result, latencies } = await fire({ ...run, seconds: duration });
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    const target = scenario.targetP95;
    rows.push({
      scenario: scenario.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': round(percentile(latencies, 50)),
      'p95 ms': round(p95),
      'p99 ms': round(percentile(latencies, 99)),
      'max ms': round(latencies.at(-1) ?? 0),
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
      target: target ? `p95 < ${target} ms` : 'info',
      verdict: target ? (p95 < target ? 'PASS' : 'MISS') : '',
      'busy before %': Math.round(busy),
    });
    console.log(rows.at(-1));
  }
} finally {
  await server.stop();
}
console.log(
  `\ncommit ${commit}; ${connections} connections, ${duration} s ` +
    `per scenario after ${warmup} s of warm-up, accept-encoding: ${args.encoding}; ` +
    'load generator, server and PostgreSQL on the same machine.',
);
console.table(rows);
const saved = { commit, connections, duration, warmup, encoding: args.encoding, rows, serial };
console.log(`saved ${writeResult('load-catalogue', saved)}`);
