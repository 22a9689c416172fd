import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer';
import { writeBackup } from './backup/dump';
import { embeddedSnapshots, listSnapshots } from './backup/snapshots';
import { type Database, openDatabase } from './client';

// Data, backups and mails hold the auth secret, sessions and password hashes: 0700 folders
// and 0600 files whatever the umask, and what an older version left readable is fixed.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-private-'));
const dataDir = path.join(root, 'data');
const log = pino({ level: 'silent' });
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every folder and file under `dir` (itself included) with its mode, as 'path 700'. */
function modes(dir: string): string[] {
  const out = [`${dir} ${modeOf(dir).toString(8)}`];
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const entry = path.join(dir, name);
    if (!fs.lstatSync(entry).isSymbolicLink()) out.push(`${entry} ${modeOf(entry).toString(8)}`);
  }
  return out;
}
const notPrivate = (dir: string) =>
  modes(dir).filter((line) => {
    const [entry = '', mode] = line.split(' ');
    return mode !== (fs.statSync(entry).isDirectory() ? '700' : '600');
  });

let umask: number;
let database: Database;
beforeAll(async () => {
  // The most open umask there is: only the code's own modes may protect the files.
  umask = process.umask(0o000);
  // What an older version left: a world-readable data dir with a readable file in it.
  fs.mkdirSync(path.join(dataDir, 'backups'), { recursive: true, mode: 0o777 });
  fs.writeFileSync(path.join(dataDir, 'backups', 'ancienne.dump'), 'x', { mode: 0o666 });
  database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
}, 120_000);
afterAll(async () => {
  await database?.close();
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('private files under a umask of 000', () => {
  it('the data dir and every database file are 0700/0600 while open and after close', async () => {
    expect(fs.readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(0);
    expect(notPrivate(dataDir)).toEqual([]);
    await database.close();
    expect(notPrivate(dataDir)).toEqual([]);
    database = await openDatabase({ kind: 'pglite', dataDir });
  });

  it('a backup file is 0600', async () => {
    const file = path.join(root, 'copie.dump');
    await writeBackup(database, file);
    expect(modeOf(file).toString(8)).toBe('600');
  });

  it('a snapshot is 0600 in a 0700 folder, and older snapshots are restricted too', async () => {
    const dir = path.join(root, 'snapshots');
    fs.mkdirSync(dir, { mode: 0o755 });
    const old = path.join(dir, 'lisons-20250101-034000-000.dump');
    fs.writeFileSync(old, 'x', { mode: 0o644 });
    const snapshots = embeddedSnapshots({
      database,
      dataDir,
      backup: { dir, keep: 5 },
      log,
      timeZone: 'Europe/Paris',
    });
    const file = await snapshots.take();
    expect(listSnapshots(dir)).toEqual([old, file]);
    expect([modeOf(dir), modeOf(file), modeOf(old)].map((m) => m.toString(8))).toEqual([
      '700',
      '600',
      '600',
    ]);
  });

  it('the mail outbox is 0700 and a written .eml 0600, an existing open folder included', async () => {
    const outboxDir = path.join(root, 'mail');
    fs.mkdirSync(outboxDir, { mode: 0o777 });
    const mailer = createMailer({ smtpUrl: undefined, from: 'bonjour@lisons.app', outboxDir }, log);
    await mailer.send({ to: 'ines@exemple.fr', subject: 'Essai', text: 'Bonjour' });
    mailer.close();
    const [eml] = fs.readdirSync(outboxDir);
    expect(eml).toMatch(/\.eml$/);
    expect(modeOf(outboxDir).toString(8)).toBe('700');
    expect(modeOf(path.join(outboxDir, eml ?? '')).toString(8)).toBe('600');
  });
});
