import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { migratePostgres } from '../server/db/migrate';
import { createInsightsRepository } from '../server/modules/insights/insights.repository';
import { percentile } from './lib/load';

// The insights' speed (decision 028): a reader with 5 years of daily validations (two a
// day, 3 650 rows, over 40 books), their calendar and charts (GET /api/me/insights: one
// statement) measured alone, one at a time after a warm-up. Target p95 < 15 ms.
//
//   psql -h 127.0.0.1 -U postgres -c 'create database lisons_bench_insights'
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench_insights \
//     node --import tsx bench/insights.ts
const url = process.env.BENCH_DATABASE_URL;
if (!url?.includes('bench')) throw new Error('BENCH_DATABASE_URL must name a "bench" database');
await migratePostgres(url);
const database = await openDatabase({ kind: 'postgres', url });
const { db } = database;

const email = `bench-insights-${Date.now()}@exemple.fr`;
const { rows } = await db.execute<{ id: string }>(
  sql`insert into users (email, username) values (${email}, 'Lectrice assidue') returning id`,
);
const readerId = rows[0]?.id as string;
// 40 books of 2 760 pages (92 segments), each read at two segments a day, one after the other.
const days = 5 * 365;
await db.execute(sql`
  with b as (
    insert into books (slug, title, author, category, total_pages)
    select 'bench-insights-' || ${readerId} || '-' || i, 'Livre ' || i, 'Auteur ' || i,
           (array['litterature','essai','bio','religion'])[1 + i % 4], 2760
    from generate_series(0, 39) i returning id, title),
  p as (
    insert into reading_progress (user_id, book_id, status, segments_validated, current_page)
    select ${readerId}, b.id, 'in_progress', 92, 2760 from b returning id, book_id)
  insert into reading_validations (user_id, book_id, progress_id, segment, validated_at)
  select ${readerId}, p.book_id, p.id, s.n - (s.k * 92),
         now() - ((${days} - 1 - (s.n - 1) / 2) || ' days')::interval
  from (select n, (n - 1) / 92 as k from generate_series(1, ${days * 2}) n) s
  join (select p.*, row_number() over (order by p.book_id) - 1 as k from p) p on p.k = s.k`);
await db.execute(sql`analyze reading_validations; analyze reading_progress; analyze books`);

const insights = createInsightsRepository({ db });
for (let i = 0; i < 50; i += 1) await insights.insights(readerId);
const times: number[] = [];
for (let i = 0; i < 500; i += 1) {
  const start = performance.now();
  await insights.insights(readerId);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const sample = await insights.insights(readerId);
console.log(
  `validations: ${days * 2}; days in the calendar: ${Object.keys(sample.days).length}; ` +
    `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, ` +
    `p99 ${percentile(times, 99).toFixed(2)} ms (target p95 < 15 ms)`,
);
await db.execute(sql`delete from users where id = ${readerId}`);
await db.execute(sql`delete from books where slug like ${`bench-insights-${readerId}-%`}`);
await database.close();
