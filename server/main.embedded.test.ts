import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isReady, type Spawned, spawnTs, waitFor } from './test/process';

// Real server processes on a real embedded data directory: what `npm start` does.
describe('the server process', () => {
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
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => isReady(port), 'the first server');

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
  });
});
