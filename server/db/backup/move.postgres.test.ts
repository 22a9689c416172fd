import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { databaseUrl, quoteIdent } from '../../test/postgres-urls';
import { freePort, isReady, type Spawned, spawnTs, waitFor } from '../../test/process';

// "Moving to PostgreSQL" as the README tells an operator (decision 022), end to end with the real
// commands: a reader signs up on an embedded server and adds a book to their list; the server
// stops; `npm run backup -- FILE`; `DATABASE_URL=… npm run restore -- FILE`; a server on
// PostgreSQL starts, and the reader signs in with their password and finds their list.
const adminUrl = process.env.TEST_DATABASE_URL as string;
const name = `lisons_move_test_${randomUUID().replaceAll('-', '')}`;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-move-'));
const running: Spawned[] = [];

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await admin(`drop database if exists ${quoteIdent(name)} with (force)`);
  fs.rmSync(root, { recursive: true, force: true });
});

const publicUrl = 'https://lisons.example';
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = spawnTs('server/main.ts', {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: 'move-test-secret-not-for-production-0123',
  });
  running.push(server);
  await waitFor(() => isReady(port), `the server on ${port}`, 120_000);
  const call = (method: string, url: string, body?: unknown, cookie = '') =>
    fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        origin: publicUrl,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const stop = async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };
  return { call, stop };
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

it('takes a reader from the embedded database to PostgreSQL with two commands', async () => {
  const dataDir = path.join(root, 'data');
  const reader = { email: 'lea.deplace@example.com', password: 'Lea-mot-de-passe-2026' };

  const embedded = await startServer({ DATA_DIR: dataDir, DEMO_CATALOGUE: 'true' });
  const signUp = await embedded.call('POST', '/api/auth/sign-up', reader);
  expect(signUp.status).toBe(201);
  const books = (await (await embedded.call('GET', '/api/books')).json()) as {
    items: { id: string; title: string }[];
  };
  const book = books.items[0];
  expect(book).toBeDefined();
  const added = await embedded.call(
    'POST',
    '/api/reading-list',
    { bookId: book?.id },
    cookieOf(signUp),
  );
  expect(added.status).toBeLessThan(300);
  await embedded.stop();

  const file = path.join(root, 'lisons.dump');
  const backup = spawnTs('scripts/backup.ts', { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, [file]);
  expect(await backup.exited, backup.output()).toBe(0);

  await admin(`create database ${quoteIdent(name)}`);
  const url = databaseUrl(adminUrl, name);
  const restore = spawnTs('scripts/restore.ts', { DATABASE_URL: url, LOG_LEVEL: 'silent' }, [file]);
  expect(await restore.exited, restore.output()).toBe(0);
  expect(restore.output()).toMatch(/^Restauration terminée/);

  const moved = await startServer({ DATABASE_URL: url, NODE_ENV: 'production' });
  const signIn = await moved.call('POST', '/api/auth/sign-in', reader);
  expect(signIn.status).toBe(200);
  const list = await moved.call('GET', '/api/reading-list', undefined, cookieOf(signIn));
  expect(list.status).toBe(200);
  expect(await list.text()).toContain(book?.title ?? '?');
  await moved.stop();
}, 300_000);
