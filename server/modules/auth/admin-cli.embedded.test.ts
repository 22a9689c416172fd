import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { spawnTs } from '../../test/process';
import { users } from './auth.table';

// `npm run admin -- grant|revoke <email>` on an embedded data directory.
// Each case starts Node processes and opens the embedded database twice: seconds each on a
// busy 2-core machine, so the safety net is wider than the suite's 30 s.
describe('the admin command', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-admin-'));
  beforeAll(async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    await database.db.insert(users).values({ email: 'chef@exemple.fr' });
    await database.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const run = async (...args: string[]) => {
    const cli = spawnTs('scripts/admin.ts', { DATA_DIR: dataDir }, args);
    const code = await cli.exited;
    return { code, output: cli.output().trim() };
  };
  const isAdmin = async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'chef@exemple.fr'));
      return row?.isAdmin;
    } finally {
      await database.close();
    }
  };

  it('grants, then revokes, the admin flag (e-mail in any case)', async () => {
    const granted = await run('grant', 'CHEF@exemple.fr');
    expect(granted).toEqual({ code: 0, output: 'chef@exemple.fr est maintenant administrateur.' });
    expect(await isAdmin()).toBe(true);
    const revoked = await run('revoke', 'chef@exemple.fr');
    expect(revoked).toEqual({ code: 0, output: "chef@exemple.fr n'est plus administrateur." });
    expect(await isAdmin()).toBe(false);
  });

  it('says so when no account has the address', async () => {
    expect(await run('grant', 'nobody@exemple.fr')).toEqual({
      code: 1,
      output: "Aucun compte Lisons n'utilise l'adresse nobody@exemple.fr.",
    });
  });

  it('explains its usage when called wrongly', async () => {
    expect(await run('promote')).toEqual({
      code: 2,
      output: 'Usage : npm run admin -- grant|revoke <email>',
    });
  });
});
