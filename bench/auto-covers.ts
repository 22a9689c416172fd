import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { bookSlug } from '../domain/slugs';
import { openDatabase, openPostgres } from '../server/db/client';
import { books } from '../server/modules/books/books.table';
import { createCoverBatchRunner } from '../server/modules/covers/cover-batch.runner';
import { coverBatches } from '../server/modules/covers/covers.table';
import { createRng, fakeBook } from './lib/fake-books';
import { writeResult } from './lib/serve';

// The auto-covers batch at full speed (decision 026: at least 15 covers/s, 500 in under 35 s,
// memory flat): BOOKS books without a cover, one batch through the real runner (drawing with
// sharp, 4 at a time, each chunk's covers and progress committed in one transaction with
// its lease check and live event). On a fresh embedded database, or BENCH_DATABASE_URL.
// Memory is sampled every 250 ms: RSS and heap at the start, their peaks, and at the end.

const COUNT = Number(process.env.BOOKS ?? 500);
const quiet = () => {};
const log = {
  info: quiet,
  warn: console.warn,
  error: console.error,
} as unknown as FastifyBaseLogger;

async function open() {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const database = openPostgres(url, 5);
    await database.migrate();
    return database;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-bench-covers-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const database = await open();
const { db } = database;
const rng = createRng(26);
const ids: string[] = [];
for (let i = 0; i < COUNT; i += 100) {
  const rows = Array.from({ length: Math.min(100, COUNT - i) }, (_, k) => {
    const book = fakeBook(rng);
    // A fifth in each religious group, so every drawing is measured.
    const group = ['Ancien Testament', 'Nouveau Testament', 'Talmud', null, null][(i + k) % 5];
    return {
      ...book,
      slug: `${bookSlug(book.title, book.author)}-${i + k}`,
      tags: group ? [...book.tags, group] : book.tags,
    };
  });
  ids.push(...(await db.insert(books).values(rows).returning({ id: books.id })).map((r) => r.id));
}
const [batch] = await db
  .insert(coverBatches)
  .values({ groupFilter: 'all', bookIds: ids })
  .returning();
if (!batch) throw new Error('no batch');

global.gc?.();
const mb = (n: number) => Math.round(n / 1048576);
const startMemory = process.memoryUsage();
let peakRss = startMemory.rss;
let peakHeap = startMemory.heapUsed;
const samples: { at: number; rss: number; heap: number; processed: number }[] = [];
const started = performance.now();
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  samples.push({
    at: Math.round(performance.now() - started),
    rss: mb(m.rss),
    heap: mb(m.heapUsed),
    processed: -1,
  });
}, 250);

const runner = createCoverBatchRunner({ db, log });
await runner.kick();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const [done] = await db.select().from(coverBatches).where(eq(coverBatches.id, batch.id));
const endMemory = process.memoryUsage();

// Memory over the second half against the first: flat means no growth per cover.
const half = samples.slice(Math.floor(samples.length / 2));
const firstHalf = samples.slice(0, Math.floor(samples.length / 2));
const avg = (list: typeof samples, key: 'rss' | 'heap') =>
  Math.round(list.reduce((s, x) => s + x[key], 0) / Math.max(1, list.length));
const result = {
  engine: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
  books: COUNT,
  processed: done?.processed,
  succeeded: done?.succeeded,
  failed: done?.failed,
  seconds: Number(seconds.toFixed(2)),
  coversPerSecond: Number(((done?.processed ?? 0) / seconds).toFixed(1)),
  memoryMb: {
    rssStart: mb(startMemory.rss),
    rssPeak: mb(peakRss),
    rssEnd: mb(endMemory.rss),
    heapStart: mb(startMemory.heapUsed),
    heapPeak: mb(peakHeap),
    heapEnd: mb(endMemory.heapUsed),
    rssAvgFirstHalf: avg(firstHalf, 'rss'),
    rssAvgSecondHalf: avg(half, 'rss'),
    heapAvgFirstHalf: avg(firstHalf, 'heap'),
    heapAvgSecondHalf: avg(half, 'heap'),
  },
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
};
console.log(JSON.stringify(result, null, 2));
console.log(`→ ${writeResult('auto-covers', result)}`);
const pass = result.coversPerSecond >= 15 && (COUNT !== 500 || seconds < 35);
console.log(pass ? 'OK: at least 15 covers/s' : 'SLOWER than 15 covers/s');
await database.close();
process.exit(pass ? 0 : 1);
