import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, quoteIdent } from '../../test/postgres-urls';
import { freePort, isReady, type Spawned, spawnTs, waitFor } from '../../test/process';
import '../../test/test-database-info';

// Two real server processes on one PostgreSQL database, as behind a load balancer: each keeps
// a reader's pages in its own memory (decision 049), and a write through one reaches the
// other's pages as soon as PostgreSQL's notification does. (PostgreSQL only: two processes
// cannot share an embedded database.)

type Server = { spawned: Spawned; base: string };
type Reader = { id: string; cookie: string };

const origin = { origin: 'https://lisons.exemple.fr' };

describe("a reader's pages across two server processes", () => {
  const tested = inject('testDatabase');
  if (tested.engine !== 'postgres') throw new Error('this file runs on PostgreSQL only');
  const info = tested;
  const name = `lisons_test_${randomUUID().replaceAll('-', '')}`;
  const servers: Server[] = [];

  const onDatabase = async (url: string, statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await onDatabase(
      info.adminUrl,
      `create database ${quoteIdent(name)} template ${quoteIdent(info.templateName)}`,
    );
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const spawned = spawnTs('server/main.ts', {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl(info.adminUrl, name),
        AUTH_SECRET: 'un-secret-de-test-partage-par-les-deux-processus',
        PUBLIC_URL: origin.origin,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DEMO_CATALOGUE: 'false',
      });
      servers.push({ spawned, base: `http://127.0.0.1:${port}` });
    }
    for (const [i, server] of servers.entries()) {
      const port = Number(new URL(server.base).port);
      await waitFor(() => isReady(port), `server ${i + 1}`, 90_000).catch((error) => {
        throw new Error(`${error.message}: ${server.spawned.output()}`);
      });
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.spawned.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.spawned.exited));
    await onDatabase(info.adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
  });

  const signUp = async (server: Server): Promise<Reader> => {
    const res = await fetch(`${server.base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { ...origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `pages-${randomUUID()}@exemple.fr`, password: 'motdepasse1' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: ((await res.json()) as { user: { id: string } }).user.id, cookie };
  };
  const call = async (
    server: Server,
    reader: Reader,
    method: string,
    path: string,
    body?: object,
  ) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        ...origin,
        cookie: reader.cookie,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    expect(res.status, text).toBeLessThan(300);
    return JSON.parse(text);
  };
  /** Polls `read` on a server until `check` holds (the notification's way is a few ms). */
  const eventually = async (read: () => Promise<unknown>, check: (value: never) => boolean) => {
    let last: unknown;
    const checked = async () => {
      last = await read();
      return check(last as never);
    };
    await waitFor(checked, 'the other process', 10_000).catch((error) => {
      throw new Error(`${error.message}: last read ${JSON.stringify(last)}`);
    });
  };

  it('shows on one process what the reader did through the other', async () => {
    const [one, two] = servers as [Server, Server];
    const url = databaseUrl(info.adminUrl, name);
    const [book] = await onDatabase(
      url,
      `insert into books (slug, title, author, category, total_pages, description)
       values ('deux-processus', 'Deux processus', 'Auteur', 'litterature', 60, '') returning id`,
    );
    await onDatabase(
      url,
      `insert into reading_questions (book_id, segment, question, answer)
       values ($1, 1, 'Premier mot ?', 'mot1'), ($1, 2, 'Second mot ?', 'mot2')`,
      [book.id],
    );
    const ana = await signUp(one);
    const list = (server: Server) => call(server, ana, 'GET', '/api/reading-list');
    const achievements = (server: Server) => call(server, ana, 'GET', '/api/me/achievements');

    // Both processes keep her empty list and her achievements.
    expect((await list(two)).items).toEqual([]);
    expect((await list(one)).items).toEqual([]);
    const xp = (await achievements(two)).stats.xp;

    await call(one, ana, 'POST', '/api/reading-list', { bookId: book.id });
    await eventually(
      () => list(two),
      (page: { items: unknown[] }) => page.items.length === 1,
    );

    await call(two, ana, 'POST', `/api/books/${book.id}/segments/1/answer`, { answer: 'mot1' });
    await eventually(
      () => call(one, ana, 'GET', '/api/books/deux-processus'),
      (page: { progress: { segmentsValidated: number } }) => page.progress.segmentsValidated === 1,
    );
    // The writing process answered from its own database read at once.
    expect((await achievements(two)).stats.xp).toBeGreaterThan(xp);
    await eventually(
      () => achievements(one),
      (page: { stats: { xp: number } }) => page.stats.xp > xp,
    );
  });
});
