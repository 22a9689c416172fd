import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * pgbench's standard TPC-B-like transaction (three updates, a select and an insert, one
 * commit) on the database at `url`, with `clients` connections for `seconds`: its
 * transactions per second, the yardstick the answers bench divides by (decision 009). The
 * pgbench_* tables are made once at `scale` (one branch per client at scale = clients, so
 * branch locks do not throttle it) and kept for the next run.
 */
export async function pgbenchTps(options: {
  url: string;
  clients: number;
  seconds: number;
  scale: number;
}): Promise<number> {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  let branches = 0;
  try {
    // Two queries: PostgreSQL resolves every table a statement names, even in a `case`
    // branch it will not take, so one statement failed on a database without the tables.
    const { rows } = await client.query<{ present: boolean }>(
      `select to_regclass('pgbench_branches') is not null as present`,
    );
    if (rows[0]?.present) {
      const counted = await client.query<{ n: number }>(
        'select count(*)::int as n from pgbench_branches',
      );
      branches = Number(counted.rows[0]?.n ?? 0);
    }
  } finally {
    await client.end();
  }
  if (branches !== options.scale) {
    console.log(`pgbench: initialising scale ${options.scale} (once)…`);
    await run('pgbench', ['-i', '-q', '-s', String(options.scale), options.url]);
  }
  const { stdout } = await run('pgbench', [
    '-n',
    '-c',
    String(options.clients),
    '-j',
    '2',
    '-T',
    String(options.seconds),
    options.url,
  ]);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(tps);
}
