import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../../paths';
import type { Database, Db } from '../client';
import type { MigrationLevel } from './format';

type JournalEntry = { idx: number; when: number; tag: string };

/** This code's migrations, in order (drizzle's journal). */
export function journal(): JournalEntry[] {
  const text = fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** The level this code migrates to. */
export function codeLevel(): MigrationLevel {
  const entries = journal();
  const last = entries.at(-1) as JournalEntry;
  return { count: entries.length, tag: last.tag, when: last.when };
}

/**
 * A database's level: the latest migration drizzle recorded (it compares by `when`, the
 * journal's timestamp, exactly as here). Null for a database never migrated.
 */
export async function levelOf(db: Pick<Db, 'execute'>): Promise<MigrationLevel | null> {
  const { rows } = await db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!rows[0]?.present) return null;
  const applied = await db.execute<{ count: string | number; when: string | number | null }>(
    sql`select count(*) as count, max(created_at) as when from drizzle.__drizzle_migrations`,
  );
  const count = Number(applied.rows[0]?.count ?? 0);
  if (count === 0) return null;
  const when = Number(applied.rows[0]?.when);
  const tag = journal().find((e) => e.when === when)?.tag ?? `inconnue (${when})`;
  return { count, tag, when };
}

/**
 * Applies this code's migrations up to `when` only (a copy of the folder with a shorter
 * journal): a restore loads its rows into the tables as they were at the backup's level,
 * and the usual migration step takes them further afterwards.
 */
export async function migrateUpTo(database: Database, when: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-migrations-'));
  try {
    const entries = journal().filter((e) => e.when <= when);
    fs.mkdirSync(path.join(dir, 'meta'));
    fs.writeFileSync(
      path.join(dir, 'meta/_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
    );
    for (const entry of entries) {
      fs.copyFileSync(
        path.join(migrationsDir, `${entry.tag}.sql`),
        path.join(dir, `${entry.tag}.sql`),
      );
    }
    const config = { migrationsFolder: dir };
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], config);
    } else {
      await migrateNodePg(database.db as unknown as Parameters<typeof migrateNodePg>[0], config);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
