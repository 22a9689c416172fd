import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from './client';
import { templateFor, writeEmbeddedTemplate } from './embedded-template';
import { migrateEmbedded } from './migrate';

// A new data folder made from the migrated template (decision 024) is a working database
// with every migration, keeps what is written in it, and is never overwritten on restart.
describe('the embedded template', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-template-test-'));
  const template = path.join(dir, 'template.tar.gz');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const journal = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };

  it('starts a new folder with every migration applied, and leaves an existing one alone', async () => {
    expect(await writeEmbeddedTemplate(template)).toBeGreaterThan(0);
    const pgData = path.join(dir, 'data', 'db');
    fs.mkdirSync(path.dirname(pgData), { recursive: true });

    const first = await PGlite.create(pgData, {
      extensions: pgliteExtensions,
      loadDataDir: templateFor(pgData, template),
    });
    const applied = await first.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
    // Nothing left to apply, and the folder takes writes.
    await migrateEmbedded(first);
    await first.exec(`create table memo (note text); insert into memo values ('Le Modèle')`);
    await first.close();

    // On restart the folder has a database: the template is not loaded over it.
    expect(templateFor(pgData, template)).toBeUndefined();
    const second = await PGlite.create(pgData, { extensions: pgliteExtensions });
    const kept = await second.query<{ note: string }>('select note from memo');
    expect(kept.rows).toEqual([{ note: 'Le Modèle' }]);
    await second.close();
  }, 120_000);

  it('gives nothing to load when the template was never built', () => {
    expect(templateFor(path.join(dir, 'other', 'db'), path.join(dir, 'missing.tar.gz'))).toBe(
      undefined,
    );
  });
});
