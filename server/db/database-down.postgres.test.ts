import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/database';
import { databaseUrl } from '../test/postgres-urls';
import { type Database, openPostgres } from './client';

/**
 * A TCP relay between the app and PostgreSQL that the test can cut (PostgreSQL down: every
 * connection reset, new ones refused), turn into a black hole (PostgreSQL hanging: connections
 * accepted, never answered), or mend.
 */
async function relay(target: { host: string; port: number }) {
  let mode: 'up' | 'down' | 'hang' = 'up';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'down') return client.destroy();
    if (mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    set(next: typeof mode) {
      mode = next;
      if (next !== 'up') for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('when PostgreSQL goes away', () => {
  let owner: Database;
  let proxied: Database;
  let link: Awaited<ReturnType<typeof relay>>;
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    owner = await createTestDatabase();
    const [row] = (await owner.db.execute(sql`select current_database() as name`)).rows as {
      name: string;
    }[];
    const info = inject('testDatabase');
    if (info.engine !== 'postgres') throw new Error('PostgreSQL only');
    const url = new URL(databaseUrl(info.adminUrl, row?.name ?? ''));
    link = await relay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    proxied = openPostgres(url.toString(), 3);
    // Errors logged by the app: shown when an answer is not the one expected.
    t = await buildTestApp(
      { LOG_LEVEL: 'error' },
      { database: proxied, logStream: { write: (line: string) => void logged.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.app.close();
    await proxied?.close();
    await link?.close();
    await owner?.close();
  });

  // A book never asked for before: not in the cache (absent books are cached too), so the
  // answer needs the database.
  let asked = 0;
  const readBook = () => {
    asked += 1;
    return t.app.inject({ method: 'GET', url: `/api/books/livre-absent-${asked}` });
  };
  const served = async () => {
    const res = await readBook();
    expect(res.statusCode, logged.join('\n')).toBe(404);
  };
  const unavailable = {
    error: { code: 'UNAVAILABLE', message: 'La base de données ne répond pas.' },
  };

  it('answers 503 in French while it is down, then serves again by itself', async () => {
    await served();

    link.set('down');
    const down = await readBook();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual(unavailable);
    expect(down.headers['retry-after']).toBe('2');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

    link.set('up');
    await served();
  });

  it('survives PostgreSQL ending a connection in the middle of a transaction', async () => {
    const ended = proxied.db.transaction(async (tx) => {
      const [me] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows as {
        pid: number;
      }[];
      // Between two queries the client is the transaction's, not the pool's idle one.
      await owner.db.execute(sql`select pg_terminate_backend(${me?.pid ?? 0})`);
      await vi.waitFor(async () => {
        const [row] = (
          await owner.db.execute(sql`select count(*)::int as n from pg_stat_activity
          where pid = ${me?.pid ?? 0}`)
        ).rows as { n: number }[];
        expect(row?.n).toBe(0);
      });
      await tx.execute(sql`select 1`);
    });
    await expect(ended).rejects.toThrow();
    // The process is still here (an unhandled 'error' event would have ended it) and the
    // pool serves on a new connection.
    await served();
  });

  it('answers 503 within 5 s when PostgreSQL accepts connections but never answers', async () => {
    link.set('hang');
    // The pool's connections were cut: the next query must open one, into the black hole.
    await vi.waitFor(() => expect(proxied.pool?.().total).toBe(0));
    const started = performance.now();
    const hung = await readBook();
    const waited = performance.now() - started;
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual(unavailable);
    // The pool's time limit is 3 s: never a hang past 5 s.
    expect(waited).toBeGreaterThanOrEqual(2_900);
    expect(waited).toBeLessThan(5_000);
    link.set('up');
    await served();
  });
});
