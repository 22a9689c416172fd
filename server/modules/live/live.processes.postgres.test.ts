import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openLive } from '../../test/live';
import { databaseUrl, quoteIdent } from '../../test/postgres-urls';
import { freePort, isReady, type Spawned, spawnTs, waitFor } from '../../test/process';
import '../../test/test-database-info';

// Two real server processes on one PostgreSQL database, as behind a load balancer: what a
// reader does through one reaches another reader's tab open on the other, at once, and a
// tab that moves to the other process replays what it missed. (PostgreSQL only: two
// processes cannot share an embedded database.)

type Server = { spawned: Spawned; base: string };

// With DATABASE_URL the app wants its public https address (Secure cookies); pages send it.
const origin = { origin: 'https://lisons.exemple.fr' };

describe('the live channel across two server processes', () => {
  const info = inject('testDatabase');
  const name = `lisons_test_${randomUUID().replaceAll('-', '')}`;
  const servers: Server[] = [];

  const admin = async (statement: string) => {
    if (info.engine !== 'postgres') throw new Error('PostgreSQL only');
    const client = new pg.Client({ connectionString: info.adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (info.engine !== 'postgres') throw new Error('this file runs on PostgreSQL only');
    await admin(`create database ${quoteIdent(name)} template ${quoteIdent(info.templateName)}`);
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
    await admin(`drop database if exists ${quoteIdent(name)} with (force)`);
  });

  const signUp = async (server: Server, n: number) => {
    const res = await fetch(`${server.base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { ...origin, 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${n}` },
      body: JSON.stringify({
        email: `deux-processus-${n}-${Date.now()}@exemple.fr`,
        password: 'motdepasse1',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: ((await res.json()) as { user: { id: string } }).user.id, cookie };
  };
  const follow = async (server: Server, who: { cookie: string }, whom: { id: string }) => {
    const res = await fetch(`${server.base}/api/follows/${whom.id}`, {
      method: 'PUT',
      headers: { ...origin, cookie: who.cookie },
    });
    expect(res.status).toBe(200);
  };

  it("brings a reader's new follower to her tab on the other process, and replays on a move", async () => {
    const [one, two] = servers as [Server, Server];
    const ana = await signUp(one, 1);
    const ben = await signUp(one, 2);
    const carla = await signUp(two, 3);

    // Ana's tab is on process two; Ben follows her through process one.
    const tab = await openLive(two.base, ana.cookie);
    await tab.next('ready');
    await follow(one, ben, ana);
    const first = await tab.next('notification', (n) => n.type === 'new_follower');
    expect(first.data).toMatchObject({ type: 'new_follower', actor: { id: ben.id } });

    // Process two goes away for her: the tab comes back on process one with its last id and
    // gets the follow Carla made meanwhile, on process two.
    const seen = tab.lastEventId();
    tab.close();
    await follow(two, carla, ana);
    const moved = await openLive(one.base, ana.cookie, { lastEventId: seen ?? '' });
    const replayed = await moved.next(
      'notification',
      (n) => n.type === 'new_follower' && n.actor?.id === carla.id,
    );
    expect(replayed.id).not.toBe(seen);
    moved.close();
  });
});
