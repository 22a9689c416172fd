import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { loadDemoCatalogue } from '../server/modules/books/demo-catalogue';
import { spawnTs, waitFor } from '../server/test/process';

// npm run backup / npm run restore as an operator runs them (decision 022): one French line,
// an exit code, nothing left half-written.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-backup-cli-'));
const source = path.join(root, 'source');
const dump = path.join(root, 'lisons.dump');

async function run(script: string, env: Record<string, string>, args: string[]) {
  const child = spawnTs(script, { LOG_LEVEL: 'silent', ...env }, args);
  const code = await child.exited;
  return { code, output: child.output().trim() };
}

beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: source });
  await database.migrate();
  await loadDemoCatalogue(database.db);
  await database.close();
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm run backup, then npm run restore', { timeout: 180_000 }, () => {
  it('copies the embedded data into a fresh data folder, and refuses to do it twice', async () => {
    // Under the most open umask the copy is still the owner's alone: it holds secrets.
    const umask = process.umask(0o000);
    const backup = await run('scripts/backup.ts', { DATA_DIR: source }, [dump]).finally(() =>
      process.umask(umask),
    );
    expect((fs.statSync(dump).mode & 0o777).toString(8)).toBe('600');
    expect(backup.output).toMatch(
      /^Sauvegarde écrite dans .+lisons\.dump\u00a0: \d+ lignes, \d+ tables/,
    );
    expect(backup.code).toBe(0);
    expect(fs.readdirSync(root).sort()).toEqual(['lisons.dump', 'source']);

    const target = path.join(root, 'target');
    const restore = await run('scripts/restore.ts', { DATA_DIR: target }, [dump]);
    expect(restore.output).toMatch(
      /^Restauration terminée\u00a0: \d+ lignes dans \d+ tables, puis la base a été migrée jusqu’à 00\d\d_\w+\.$/,
    );
    expect(restore.code).toBe(0);

    const again = await run('scripts/restore.ts', { DATA_DIR: target }, [dump]);
    expect(again.output).toMatch(/^La base cible n’est pas vide \(\w+ contient des lignes\)/);
    expect(again.code).toBe(1);
  });

  it('refuses a damaged file in one line', async () => {
    const damaged = path.join(root, 'abime.dump');
    const bytes = fs.readFileSync(dump);
    fs.writeFileSync(damaged, bytes.subarray(0, bytes.length - 100));
    const result = await run('scripts/restore.ts', { DATA_DIR: path.join(root, 'other') }, [
      damaged,
    ]);
    expect(result.output).toMatch(
      new RegExp(
        `^Sauvegarde illisible\u00a0: le fichier ${damaged} est tronqué ou corrompu \\(.+\\)\\.$`,
      ),
    );
    expect(result.output.split('\n')).toHaveLength(1);
    expect(result.code).toBe(1);
  });

  it('says what is wrong with PostgreSQL without showing the password', async () => {
    const unreachable = await run(
      'scripts/backup.ts',
      { DATABASE_URL: 'postgres://lisons:s3cret@127.0.0.1:1/lisons' },
      [path.join(root, 'pg.dump')],
    );
    expect(unreachable.output).toBe(
      'PostgreSQL injoignable à 127.0.0.1:1 (connexion refusée)\u00a0: vérifie DATABASE_URL et que le serveur tourne.',
    );
    expect(unreachable.code).toBe(1);
    const wrong = await run(
      'scripts/restore.ts',
      { DATABASE_URL: 'mysql://lisons:s3cret@db/lisons' },
      [dump],
    );
    expect(wrong.output).toBe(
      'Configuration invalide : DATABASE_URL doit être une adresse postgres://… (reçu « mysql://lisons:***@db/lisons »)',
    );
    expect(wrong.code).toBe(1);
    expect(fs.existsSync(path.join(root, 'pg.dump.tmp'))).toBe(false);
  });

  it('prints its usage without a file', async () => {
    const result = await run('scripts/backup.ts', { DATA_DIR: source }, []);
    expect(result).toEqual({ code: 2, output: 'Usage\u00a0: npm run backup -- <fichier>' });
  });
});

describe('npm run backup while the embedded server runs', { timeout: 180_000 }, () => {
  async function holding(mode: string[], test: (pid: number) => Promise<void>) {
    const holder = spawnTs(
      'server/db/backup/snapshot-holder.fixture.ts',
      { DATA_DIR: source },
      mode,
    );
    try {
      await waitFor(() => holder.output().includes('prêt'), 'the holder', 60_000);
      await test(holder.child.pid as number);
    } finally {
      holder.child.kill('SIGTERM');
      await holder.exited;
    }
  }

  it('asks the server for a snapshot and copies it to the file', async () => {
    await holding([], async (pid) => {
      const file = path.join(root, 'depuis-le-serveur.dump');
      const result = await run('scripts/backup.ts', { DATA_DIR: source }, [file]);
      expect(result.output).toMatch(
        new RegExp(
          `^Le serveur Lisons \\(pid ${pid}\\) utilise le dossier de données ${source}\u00a0: il a pris la sauvegarde lui-même \\(${source}/backups/lisons-[\\d-]+\\.dump\\), copiée dans ${file}\\.$`,
        ),
      );
      expect(result.code).toBe(0);
      const snapshot = /\((\/[^)]+\.dump)\)/.exec(result.output)?.[1] as string;
      expect(fs.readFileSync(file).equals(fs.readFileSync(snapshot))).toBe(true);
    });
  });

  it('says how to get one from a server that does not take snapshots', async () => {
    await holding(['silent'], async (pid) => {
      const result = await run('scripts/backup.ts', { DATA_DIR: source }, [
        path.join(root, 'x.dump'),
      ]);
      expect(result.output).toBe(
        `Le serveur Lisons (pid ${pid}) utilise le dossier de données ${source}\u00a0: un second processus ne peut pas l’ouvrir. Arrête-le, ou demande-lui une sauvegarde avec kill -USR2 ${pid} (elle arrive dans ${source}/backups).`,
      );
      expect(result.code).toBe(1);
    });
  });
});
