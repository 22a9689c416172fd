import { performance } from 'node:perf_hooks';
import { startFakeOpenLibrary } from '../server/test/fake-open-library';
import { percentile } from './lib/load';
import { type RunningServer, startServer, writeResult } from './lib/serve';

// The add-a-book lookup through the real server and HTTP route, against the local fake of
// Open Library (nothing reaches the internet), decision 044:
// - p95 < 50 ms with a warm cache of recent lookups (one request alone, closed loop);
// - with a remote that hangs, the reader gets a clear message within 5 s.
// Run `npm run build` first:   node --import tsx bench/book-lookup.ts
const fake = await startFakeOpenLibrary();
const port = Number(process.env.BENCH_PORT ?? 4034);

/** A signed-in reader's cookie; a new one every 25 lookups (the route allows 30 a minute). */
async function readerCookie(server: RunningServer, n: number): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-lookup-${Date.now()}-${n}@example.com`,
      password: 'Lisons-2026',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function lookups(
  prefix: string,
  run: (
    ask: (q: string) => Promise<{ ms: number; body: { status: string; message?: string } }>,
  ) => Promise<void>,
) {
  process.env.BOOK_LOOKUP_URL = `${fake.url}${prefix}`;
  process.env.BOOK_LOOKUP_COVERS_URL = fake.url;
  const server = await startServer(port);
  let cookie = '';
  let asked = 0;
  try {
    await run(async (q) => {
      if (asked % 25 === 0) cookie = await readerCookie(server, asked);
      asked += 1;
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/book-lookup?q=${encodeURIComponent(q)}`, {
        headers: { cookie, accept: 'application/json' },
      });
      const body = (await res.json()) as { status: string; message?: string };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(body)}`);
      return { ms, body };
    });
  } finally {
    await server.stop();
  }
}

// The fake's titles and ISBNs (as typed by readers: ISBN-10, dashes), and texts it does not know.
const queries = [
  "L'Étranger Camus",
  '9782070360024',
  '2-07-036002-4',
  '9782070408504',
  '979-10-322-8419-3',
  'Le Rouge et le Noir',
  'Madame Bovary Flaubert',
  'Les Fleurs du mal',
];
const cold: number[] = [];
const warm: number[] = [];
await lookups('', async (ask) => {
  for (const q of queries) cold.push((await ask(q)).ms);
  for (let round = 0; round < 20; round++) for (const q of queries) warm.push((await ask(q)).ms);
});
cold.sort((a, b) => a - b);
warm.sort((a, b) => a - b);

let hanging: { ms: number; status: string; message?: string } | undefined;
await lookups('/hang', async (ask) => {
  const { ms, body } = await ask('Le Petit Prince');
  hanging = { ms: Math.round(ms), status: body.status, message: body.message };
});
await fake.stop();

const round = (n: number) => Math.round(n * 10) / 10;
const result = {
  cold: {
    requests: cold.length,
    p50: round(percentile(cold, 50)),
    p95: round(percentile(cold, 95)),
  },
  warm: {
    requests: warm.length,
    p50: round(percentile(warm, 50)),
    p95: round(percentile(warm, 95)),
    p99: round(percentile(warm, 99)),
    target: 'p95 < 50 ms',
  },
  hangingRemote: { ...hanging, target: 'a message within 5 000 ms' },
};
console.log(JSON.stringify(result, null, 2));
console.log(`written to ${writeResult('book-lookup', result)}`);
