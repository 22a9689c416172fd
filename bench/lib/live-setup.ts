import { execSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

// What bench/live.ts checks and prepares before it starts the server.

/** Creates the bench database when missing (the server migrates it as it starts). */
export async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href,
  });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

/** This process's limit of open files (`ulimit -n`): every stream is a socket. */
export function openFilesLimit(): number {
  const limits = fs.readFileSync('/proc/self/limits', 'utf8');
  return Number(limits.match(/Max open files\s+(\d+)/)?.[1]);
}

/** HEAD's short hash, with '+' when server/ or domain/ have changes not committed. */
export function gitCommit(): string {
  try {
    const head = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain server domain', { encoding: 'utf8' }).trim();
    return dirty ? `${head}+` : head;
  } catch {
    return 'unknown';
  }
}
