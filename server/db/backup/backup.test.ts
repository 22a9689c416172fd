import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader } from '../../test/factories';
import { type Database, fromPglite, pgliteExtensions } from '../client';
import { writeBackup } from './dump';
import { BackupFileError } from './format';
import { describeFailure } from './messages';
import { levelOf } from './migration-level';
import { buildReaderState, type ReaderState, readReaderState } from './reader-state.fixture';
import { RestoreRefusedError, restoreBackup } from './restore';
import { embeddedSnapshots, listSnapshots } from './snapshots';

let t: TestApp;
let state: ReaderState;
let before: Awaited<ReturnType<typeof readReaderState>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-backup-'));
const file = path.join(dir, 'lisons.dump');

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  state = await buildReaderState(t);
  before = await readReaderState(t, state);
  await writeBackup(t.database, file);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function blankPglite(): Promise<Database> {
  return fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
}

const lines = (backup: string) =>
  zlib.gunzipSync(fs.readFileSync(backup)).toString('utf8').split('\n');

/** A copy of the backup with its header changed and the checksum made right again. */
function withHeader(change: (header: Record<string, unknown>) => void): string {
  const [head = '', ...rest] = lines(file).filter(Boolean);
  const header = JSON.parse(head);
  change(header);
  const body = [JSON.stringify(header), ...rest.slice(0, -1)].map((l) => `${l}\n`).join('');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const copy = path.join(dir, `changed-${Math.random()}.dump`);
  fs.writeFileSync(copy, zlib.gzipSync(`${body}${JSON.stringify({ sha256 })}\n`));
  return copy;
}

describe('backup then restore', () => {
  it('writes a header with the migration level and every table, and no temporary file', async () => {
    const [head] = lines(file);
    const header = JSON.parse(head ?? '');
    expect(header).toMatchObject({ format: 'lisons-backup', version: 1, engine: t.database.kind });
    expect(header.migrations).toEqual(await levelOf(t.database.db));
    const rows = Object.fromEntries(
      header.tables.map((x: { name: string; rows: number }) => [x.name, x.rows]),
    );
    expect(rows).toMatchObject({
      users: 2,
      follows: 1,
      reading_validations: 2,
      avatar_files: expect.any(Number),
    });
    expect(rows.avatar_files).toBeGreaterThan(0);
    // Parents before children: a validation after its reader, book and question.
    const order = header.tables.map((x: { name: string }) => x.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('reading_validations'));
    expect(order.indexOf('reading_questions')).toBeLessThan(order.indexOf('reading_validations'));
    expect(fs.readdirSync(dir)).toEqual(['lisons.dump']);
  });

  it('gives a reader their whole state back in a fresh embedded database', async () => {
    const target = await blankPglite();
    const result = await restoreBackup(target, file);
    expect(result.from).toEqual(await levelOf(t.database.db));
    const restored = await buildTestApp({}, { database: target });
    try {
      await restored.app.ready();
      expect(await readReaderState(restored, state)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('sets the sequences after the load as they were (live_events ids go on)', async () => {
    const sequences = (db: Database) =>
      db.db.execute<{ name: string; value: string | null }>(
        sql`select sequencename as name, last_value::text as value from pg_sequences
            where schemaname = 'public' order by sequencename`,
      );
    const target = await blankPglite();
    try {
      await restoreBackup(target, file);
      const source = (await sequences(t.database)).rows;
      expect(source.map((r) => r.name)).toContain('live_events_id_seq');
      expect((await sequences(target)).rows).toEqual(source);
    } finally {
      await target.close();
    }
  });
});

describe('a backup taken during writes', () => {
  it('holds every validation with its XP, and no half transaction', async () => {
    const readers = await Promise.all([1, 2, 3, 4].map(() => createReader(t.app)));
    const book = await createBook(t.database.db, { totalPages: 600 });
    await createQuestions(t.database.db, book);
    let answered = 0;
    const answering = readers.map(async (reader) => {
      const as = callAs(t.app, reader);
      await as.post('/api/reading-list', { bookId: book.id });
      for (let segment = 1; segment <= 20; segment++) {
        await as.post(`/api/books/${book.id}/segments/${segment}/answer`, {
          answer: `mot${segment}`,
        });
        answered++;
      }
    });
    await vi.waitFor(() => expect(answered).toBeGreaterThan(8), { timeout: 20_000 });
    const during = path.join(dir, 'during.dump');
    await writeBackup(t.database, during);
    await Promise.all(answering);

    const [head = '', ...rest] = lines(during).filter(Boolean);
    const header = JSON.parse(head) as { tables: { name: string; rows: number }[] };
    const rowsOf: Record<string, Record<string, unknown>[]> = {};
    let at = 0;
    for (const table of header.tables) {
      rowsOf[table.name] = rest.slice(at, at + table.rows).map((l) => JSON.parse(l));
      at += table.rows;
    }
    const validations = (rowsOf.reading_validations ?? []).filter((v) => v.book_id === book.id);
    const xp = new Set((rowsOf.xp_events ?? []).map((e) => `${e.user_id} ${e.source_key}`));
    const segmentXp = (rowsOf.xp_events ?? []).filter((e) =>
      String(e.source_key).startsWith(`segment:${book.id}:`),
    );
    expect(validations.length).toBeGreaterThan(0);
    expect(validations.length).toBeLessThanOrEqual(80);
    for (const v of validations)
      expect(xp.has(`${v.user_id} segment:${book.id}:${v.segment}`)).toBe(true);
    expect(segmentXp).toHaveLength(validations.length);
  });
});

describe('restore refuses, changing nothing', () => {
  const usersIn = async (db: Database) =>
    Number((await db.db.execute<{ n: string }>(sql`select count(*) as n from users`)).rows[0]?.n);

  it('a target with rows', async () => {
    const count = await usersIn(t.database);
    const error = await restoreBackup(t.database, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect(describeFailure(error, { file })).toMatch(
      /^La base cible n’est pas vide \(\w+ contient des lignes\)\u00a0: la restauration ne se fait que dans une base neuve ou vide\.$/,
    );
    expect(await usersIn(t.database)).toBe(count);
  });

  it('a file from a newer migration level', async () => {
    const newer = withHeader((h) => {
      h.migrations = { count: 99, tag: '0099_futur', when: 4_102_444_800_000 };
    });
    const target = await blankPglite();
    try {
      const error = await restoreBackup(target, newer).catch((e: unknown) => e);
      expect(describeFailure(error, { file: newer })).toBe(
        `La sauvegarde ${newer} vient d’une version plus récente de Lisons (migration 0099_futur)\u00a0: mets Lisons à jour avant de la restaurer.`,
      );
      expect(await levelOf(target.db)).toBeNull();
    } finally {
      await target.close();
    }
  });

  it.each([
    ['truncated', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    [
      'with a changed byte',
      (bytes: Buffer) => Buffer.from(bytes.map((b, i) => (i === bytes.length - 40 ? b ^ 0xff : b))),
    ],
  ])('a file %s', async (_, damage) => {
    const damaged = path.join(dir, `damaged-${Math.random()}.dump`);
    fs.writeFileSync(damaged, damage(fs.readFileSync(file)));
    const target = await blankPglite();
    try {
      const error = await restoreBackup(target, damaged).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupFileError);
      expect(describeFailure(error, { file: damaged })).toMatch(
        new RegExp(
          `^Sauvegarde illisible\u00a0: le fichier ${damaged} est tronqué ou corrompu \\(.+\\)\\.$`,
        ),
      );
      expect(await levelOf(target.db)).toBeNull();
    } finally {
      await target.close();
    }
  });

  it('a file whose rows were changed (checksum)', async () => {
    const [head = '', ...rest] = lines(file).filter(Boolean);
    const changed = [head, rest[0]?.replace(/\}$/, ' }'), ...rest.slice(1)]
      .map((l) => `${l}\n`)
      .join('');
    const forged = path.join(dir, 'forged.dump');
    fs.writeFileSync(forged, zlib.gzipSync(changed));
    const error = await restoreBackup(t.database, forged).catch((e: unknown) => e);
    expect(describeFailure(error, { file: forged })).toBe(
      `Sauvegarde illisible\u00a0: le fichier ${forged} est tronqué ou corrompu (somme de contrôle fausse).`,
    );
  });
});

describe('writing a backup fails cleanly', () => {
  it('on a full disk: one French line, no file and no temporary file', async () => {
    const target = path.join(dir, 'full.dump');
    let written = 0;
    const full = () =>
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          if (written > 64) {
            const error = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
            callback(error);
          } else callback();
        },
      });
    const error = await writeBackup(t.database, target, { createStream: full }).catch(
      (e: unknown) => e,
    );
    expect(describeFailure(error, { file: target })).toBe(
      `Disque plein\u00a0: la sauvegarde ${target} n’a pas pu être écrite (aucun fichier partiel laissé).`,
    );
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(`${target}.tmp`)).toBe(false);
  });

  it('in a folder that cannot be written or does not exist', async () => {
    const denied = Object.assign(new Error('EACCES'), {
      code: 'EACCES',
      path: '/srv/sauvegardes/x.dump.tmp',
    });
    expect(describeFailure(denied, { file: '/srv/sauvegardes/x.dump' })).toBe(
      'Impossible d’écrire dans /srv/sauvegardes\u00a0: permission refusée.',
    );
    const missing = path.join(dir, 'nulle-part', 'x.dump');
    const error = await writeBackup(t.database, missing).catch((e: unknown) => e);
    expect(describeFailure(error, { file: missing })).toBe(
      `Le dossier ${path.dirname(missing)} n’existe pas.`,
    );
  });
});

describe('the embedded server’s snapshots', () => {
  it('keeps the newest BACKUP_KEEP files, and runs daily at 03:40 Paris time', async () => {
    const backupDir = path.join(dir, 'snapshots');
    const snapshots = embeddedSnapshots({
      database: t.database,
      dataDir: dir,
      backup: { dir: backupDir, keep: 2 },
      log: pino({ level: 'silent' }),
      timeZone: 'Europe/Paris',
    });
    expect(snapshots.schedules).toMatchObject([{ name: 'backup-snapshot', cron: '40 3 * * *' }]);
    const taken: string[] = [];
    for (let i = 0; i < 3; i++) {
      taken.push(await snapshots.take());
    }
    await snapshots.schedules[0]?.run({ scheduledFor: new Date() });
    const kept = listSnapshots(backupDir);
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(taken[0]);
    expect(kept).not.toContain(taken[1]);
    expect(kept).toContain(taken[2]);
    // Each one restores.
    const target = await blankPglite();
    try {
      await restoreBackup(target, kept.at(-1) as string);
    } finally {
      await target.close();
    }
  });

  it('takes none daily with BACKUP_KEEP=0', () => {
    const snapshots = embeddedSnapshots({
      database: t.database,
      dataDir: dir,
      backup: { dir, keep: 0 },
      log: pino({ level: 'silent' }),
      timeZone: 'Europe/Paris',
    });
    expect(snapshots.schedules).toEqual([]);
  });
});
