import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  type AppProcess,
  drillPublicUrl,
  ready,
  sleep,
  startApp,
  startHaproxy,
  stopApp,
  waitUntil,
} from './lib/drill-cluster';
import { cookieHeader, type Outcome, type Reader, startLoad } from './lib/drill-load';
import { percentile } from './lib/load';
import { writeResult } from './lib/serve';

// The fault drill (decision 031): a real deployment on the local PostgreSQL (three app processes
// behind HAProxy with deploy/haproxy.cfg, health checks on /readyz), 50 readers sending a
// paced mix of page reads, sign-ins and answers, and one fault at a time:
//   1. rolling deploy (SIGTERM, wait, start again; one process after the other),
//   2. kill -9 of one process (then started again),
//   3. PostgreSQL restart (pg_ctlcluster … restart),
//   4. PostgreSQL saturated (a stray client holds every connection for 10 s).
// It prints a table per step: requests, failed by status, p95 latency, time to recover, and
// acknowledged answers lost (checked in the database at the end). Run `npm run build` first.
//
// It restarts the whole PostgreSQL cluster: run it where nothing else uses that cluster, or
// on a cluster of its own:
//   pg_createcluster 15 drill --port 5433 --start
//   DRILL_PG_CLUSTER='15 drill' DRILL_DATABASE_URL=postgres://postgres@127.0.0.1:5433/lisons_drill \
//     npm run bench:drill
// The URL names a superuser (to create the database, the app's role and the stray client's
// connections); the app processes connect as the role `lisons_drill_app`, which is not a
// superuser, so the saturation reaches them.
const { values: args } = parseArgs({
  options: {
    readers: { type: 'string', default: '50' },
    rate: { type: 'string', default: '100' },
    'steady-seconds': { type: 'string', default: '8' },
  },
});
const adminUrl =
  process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lisons_drill';
const cluster = (process.env.DRILL_PG_CLUSTER ?? '15 main').split(' ');
const database = new URL(adminUrl).pathname.slice(1);
if (!database.includes('drill')) {
  console.error('DRILL_DATABASE_URL must name a database whose name contains "drill".');
  process.exit(2);
}
if (!fs.existsSync('dist/client/index.html')) {
  console.error('Run `npm run build` first: the processes serve the built client.');
  process.exit(2);
}
const APP_ROLE = 'lisons_drill_app';
const appUrl = (() => {
  const u = new URL(adminUrl);
  u.username = APP_ROLE;
  u.password = '';
  return u.toString();
})();
const steady = Number(args['steady-seconds']) * 1000;

async function admin<T>(run: (c: pg.Client) => Promise<T>, url = adminUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<void> {
  const maintenance = new URL(adminUrl);
  maintenance.pathname = '/postgres';
  await admin(async (c) => {
    await c.query(`drop database if exists ${database} with (force)`);
    const role = await c.query(`select 1 from pg_roles where rolname = $1`, [APP_ROLE]);
    if (role.rowCount === 0) await c.query(`create role ${APP_ROLE} login`);
    await c.query(`create database ${database} owner ${APP_ROLE}`);
  }, maintenance.toString());
}

// A 300-segment book whose answers are known ('mot<segment>'), and 50 readers.
async function prepare(baseUrl: string, readers: number) {
  const bookId = await admin(async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `insert into books (slug, title, author, category, total_pages, description)
       values ('exercice-de-panne', 'Exercice de panne', 'Lisons', 'essai', 9000, '')
       returning id`,
    );
    const id = rows[0]?.id ?? '';
    await c.query(
      `insert into reading_questions (book_id, segment, question, answer)
       select $1, n, 'Quel mot clôt le segment ' || n || ' ?', 'mot' || n
       from generate_series(1, 300) n`,
      [id],
    );
    return id;
  });
  const slugs = await admin(async (c) => {
    const { rows } = await c.query<{ slug: string }>(
      `select slug from books where is_published order by slug limit 40`,
    );
    return rows.map((r) => r.slug);
  });
  const list: Reader[] = [];
  for (let i = 0; i < readers; i++) {
    const reader: Reader = {
      email: `exercice-${i}@example.com`,
      password: 'Lisons-2026-panne',
      address: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      cookie: '',
    };
    const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: {
        origin: new URL(drillPublicUrl).origin,
        'content-type': 'application/json',
        'x-forwarded-for': reader.address,
      },
      body: JSON.stringify({ email: reader.email, password: reader.password }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    reader.cookie = cookieHeader(res.headers.getSetCookie());
    list.push(reader);
  }
  return { bookId, slugs, readers: list };
}

const apps: AppProcess[] = [1, 2, 3].map((n) => ({
  name: `app${n}`,
  port: 4300 + n,
  url: `http://127.0.0.1:${4300 + n}`,
  child: null,
}));

const failed = (o: Outcome) =>
  typeof o.status !== 'number' || o.status >= 500 || o.status === 429 || o.status === 401;

type StepReport = {
  step: string;
  requests: number;
  failed: Record<string, number>;
  'p95 ms': number;
  'max ms': number;
  'recovered after s': number | null;
  notes: string[];
};

function summarise(
  step: string,
  outcomes: Outcome[],
  faultAt: number | null,
  notes: string[],
): StepReport {
  const mine = outcomes.filter((o) => o.step === step);
  const latencies = mine.map((o) => o.ms).sort((a, b) => a - b);
  const failures = mine.filter(failed);
  const byStatus: Record<string, number> = {};
  for (const o of failures) {
    const key = `${o.status}${o.code ? ` ${o.code}` : ''} (${o.kind})`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const lastFailure = failures.at(-1);
  return {
    step,
    requests: mine.length,
    failed: byStatus,
    'p95 ms': Number(percentile(latencies, 95).toFixed(1)),
    'max ms': Number((latencies.at(-1) ?? 0).toFixed(1)),
    'recovered after s':
      faultAt === null || !lastFailure
        ? null
        : Number(((lastFailure.at - faultAt) / 1000).toFixed(2)),
    notes,
  };
}

// A failed step ends the drill, and with it (process exit) every process it started.
process.on('unhandledRejection', (error) => {
  console.error('fault drill stopped:', error);
  process.exit(1);
});
await freshDatabase();
for (const app of apps) await startApp(app, appUrl);
const haproxy = await startHaproxy(Number(process.env.DRILL_PORT ?? 18080), apps);
console.log(`3 processes behind HAProxy on ${haproxy.url}; preparing readers…`);
const data = await prepare(haproxy.url, Number(args.readers));
const load = startLoad({
  baseUrl: haproxy.url,
  readers: data.readers,
  bookId: data.bookId,
  bookSlugs: data.slugs,
  rate: Number(args.rate),
});
const t0 = performance.now();
const now = () => performance.now() - t0;
const reports: StepReport[] = [];
const step = async (name: string, run: (notes: string[]) => Promise<number | null>) => {
  load.step = name;
  console.log(`— ${name}`);
  const notes: string[] = [];
  const faultAt = await run(notes);
  await sleep(steady);
  reports.push(summarise(name, load.outcomes, faultAt, notes));
};

await sleep(3_000); // warm-up, not reported
await step('0. steady load', async () => null);

await step('1. rolling deploy', async (notes) => {
  const at = now();
  for (const app of apps) {
    const stopped = await stopApp(app, 'SIGTERM');
    await startApp(app, appUrl);
    const back = await waitUntil(async () => (await haproxy.states())[app.name] === 'UP', 30_000);
    notes.push(
      `${app.name}: exited ${(stopped / 1000).toFixed(1)} s after SIGTERM, back in HAProxy ${(back / 1000).toFixed(1)} s after start`,
    );
  }
  return at;
});

await step('2. kill -9', async (notes) => {
  const victim = apps[1] as AppProcess;
  const at = now();
  await stopApp(victim, 'SIGKILL');
  const down = await waitUntil(async () => (await haproxy.states())[victim.name] !== 'UP', 10_000);
  notes.push(`HAProxy took ${victim.name} out after ${(down / 1000).toFixed(2)} s`);
  await startApp(victim, appUrl);
  await waitUntil(async () => (await haproxy.states())[victim.name] === 'UP', 30_000);
  return at;
});

await step('3. PostgreSQL restart', async (notes) => {
  const at = now();
  execFileSync('pg_ctlcluster', [...cluster, 'restart']);
  const back = now();
  notes.push(`pg_ctlcluster restart took ${((back - at) / 1000).toFixed(2)} s`);
  const serving = await waitUntil(
    async () => (await Promise.all(apps.map((a) => ready(a.url)))).every(Boolean),
    30_000,
  );
  notes.push(`every process ready ${(serving / 1000).toFixed(2)} s after PostgreSQL was back`);
  // LISTEN is back too: a catalogue change reaches every process's cache, and HAProxy's answer.
  const title = `Exercice de panne ${Date.now()}`;
  const changed = now();
  await admin((c) => c.query(`update books set title = $1 where id = $2`, [title, data.bookId]));
  const seen = async (base: string) => {
    const res = await fetch(`${base}/api/books/exercice-de-panne`);
    return res.ok && (await res.text()).includes(title);
  };
  const delays = await Promise.all(
    [...apps.map((a) => a.url), haproxy.url].map(async (base) =>
      waitUntil(() => seen(base), 10_000, 20),
    ),
  );
  notes.push(
    `a catalogue change reached every cache in ${(Math.max(...delays) / 1000).toFixed(2)} s (direct and through HAProxy; ${((now() - changed) / 1000).toFixed(2)} s in all)`,
  );
  return at;
});

await step('4. PostgreSQL saturated', async (notes) => {
  // A stray client takes every connection a non-superuser may have, and PostgreSQL ends the
  // app's own, so the processes must open new ones and cannot.
  const held: pg.Client[] = [];
  const grab = async () => {
    for (;;) {
      const c = new pg.Client({ connectionString: appUrl });
      try {
        await c.connect();
        c.on('error', () => {});
        held.push(c);
      } catch {
        return;
      }
    }
  };
  const at = now();
  await grab();
  await admin((c) =>
    c.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where usename = $1 and pid <> all($2::int[])`,
      [APP_ROLE, held.map((c) => (c as unknown as { processID: number }).processID)],
    ),
  );
  await grab();
  notes.push(`stray client held ${held.length} connections for 10 s`);
  await sleep(10_000);
  const released = now();
  await Promise.all(held.map((c) => c.end().catch(() => {})));
  const serving = await waitUntil(
    async () => (await Promise.all(apps.map((a) => ready(a.url)))).every(Boolean),
    30_000,
  );
  notes.push(
    `every process ready ${((now() - released) / 1000).toFixed(2)} s after release (${(serving / 1000).toFixed(2)} s of polling)`,
  );
  return at;
});

await load.stop();
// Acknowledged answers lost: each 200 'correct' answer must be in reading_validations.
const lost = await admin(async (c) => {
  const { rows } = await c.query<{ email: string; segment: number }>(
    `select u.email, v.segment from reading_validations v join users u on u.id = v.user_id
     where v.book_id = $1`,
    [data.bookId],
  );
  const stored = new Set(rows.map((r) => `${r.email}#${r.segment}`));
  return load.acknowledged.filter((a) => !stored.has(`${a.email}#${a.segment}`)).length;
});
await haproxy.stop();
for (const app of apps) await stopApp(app);

const table = reports.map((r) => ({
  step: r.step,
  requests: r.requests,
  failed: Object.values(r.failed).reduce((a, b) => a + b, 0),
  'p95 ms': r['p95 ms'],
  'max ms': r['max ms'],
  'recovered s': r['recovered after s'] ?? '',
}));
console.table(table);
for (const r of reports) {
  if (Object.keys(r.failed).length > 0) console.log(`${r.step} failed:`, r.failed);
  for (const n of r.notes) console.log(`${r.step}: ${n}`);
}
console.log(`acknowledged answers: ${load.acknowledged.length}, lost: ${lost}`);
const statuses5xx = load.outcomes.filter((o) => o.status === 500).length;
console.log(`500 answers over the whole drill: ${statuses5xx}`);
console.log(
  `saved ${writeResult('fault-drill', { reports, acknowledged: load.acknowledged.length, lost, statuses5xx })}`,
);
