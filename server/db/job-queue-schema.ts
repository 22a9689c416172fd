import { createRequire } from 'node:module';
import { getConstructionPlans, getMigrationPlans } from 'pg-boss';

/** The PostgreSQL schema pg-boss keeps its tables in (decision 017). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

// The schema version this pg-boss release expects, from its package.json (no export gives it).
const { pgboss } = createRequire(import.meta.url)('pg-boss/package.json') as {
  pgboss: { schema: number };
};

/** Runs one SQL text (several statements when it has no parameters) and returns its rows. */
export type RunSql = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Creates pg-boss's tables, or brings them to this release's version, with the library's own
 * SQL. It runs in our migration step, so on PostgreSQL it is under the migration advisory lock
 * (several processes starting at once install it once) and the test templates carry it; the
 * workers then start with `migrate: false` and only check the version.
 */
export async function installJobQueueSchema(run: RunSql): Promise<void> {
  const { rows } = await run(
    `select to_regclass('${JOB_QUEUE_SCHEMA}.version') is not null as installed`,
  );
  if (!rows[0]?.installed) {
    await run(getConstructionPlans(JOB_QUEUE_SCHEMA));
    return;
  }
  const current = await run(`select version from ${JOB_QUEUE_SCHEMA}.version`);
  const version = Number(current.rows[0]?.version);
  if (version < pgboss.schema) await run(getMigrationPlans(JOB_QUEUE_SCHEMA, version));
}
