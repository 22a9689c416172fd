import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isReady, type Spawned, spawnTs, waitFor } from './test/process';

// Real server processes on a real embedded data directory: what `npm start` does.
// A fresh data folder's first start (migrations, the blog's first articles) on a loaded machine.
describe('the server process', { timeout: 240_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-main-'));
  const spawned: Spawned[] = [];
  const start = (env: Record<string, string>) => {
    const s = spawnTs('server/main.ts', { HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
    spawned.push(s);
    return s;
  };
  afterAll(() => {
    for (const s of spawned) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops at once on a bad variable, with one line naming it', async () => {
    const bad = start({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe(
      'Configuration invalide : PORT doit être un nombre (reçu « abc »)',
    );
  });

  it('refuses a second server on the same data directory, then stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    // The lock is the point here, not the demo catalogue (whose covers make a first start slow).
    const first = start({ PORT: String(port), DATA_DIR: dataDir, DEMO_CATALOGUE: 'false' });
    await waitFor(() => isReady(port), 'the first server', 180_000);

    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur Lisons`,
    );
    // The first one never noticed.
    expect(await isReady(port)).toBe(true);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'lisons.lock'))).toBe(false);
  }, 180_000);

  it('on SIGTERM, lets a request already under way finish, then exits 0', async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-drain-'));
    const server = start({
      PORT: String(port),
      DATA_DIR: dir,
      DEMO_CATALOGUE: 'false',
      SHUTDOWN_TIMEOUT_MS: '15000',
    });
    try {
      await waitFor(() => isReady(port), 'the server', 90_000);
      const account = { email: 'lente@exemple.fr', password: 'motdepasse1' };
      const origin = `http://127.0.0.1:${port}`;
      const signUp = await fetch(`${origin}/api/auth/sign-up`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      expect(signUp.status).toBe(201);

      // A slow client: the request starts (headers and half the body), then SIGTERM comes.
      const body = JSON.stringify(account);
      const socket = net.connect(port, '127.0.0.1');
      let response = '';
      socket.on('data', (chunk) => {
        response += chunk;
      });
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /api/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
          body.slice(0, 10),
      );
      await new Promise((r) => setTimeout(r, 200));
      server.child.kill('SIGTERM');
      await waitFor(() => server.output().includes('"msg":"shutting down"'), 'the shutdown');
      // No new connection is taken meanwhile, and the process is still there for the request.
      expect(await isReady(port)).toBe(false);
      await new Promise((r) => setTimeout(r, 500));
      expect(server.child.exitCode).toBeNull();

      socket.write(body.slice(10));
      await waitFor(() => response.includes('\r\n\r\n{'), 'the response');
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toContain('"email":"lente@exemple.fr"');
      // The connection is not held open (keep-alive) past the answer: the process exits at once.
      await closed;
      expect(await server.exited).toBe(0);
      const output = server.output();
      expect(output).not.toContain('Cannot use a pool');
      expect(output).not.toContain('shutdown timed out');
      expect(output).toContain('"msg":"stopped"');
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
