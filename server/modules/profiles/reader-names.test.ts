import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../paths';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createReader, type Reader } from '../../test/factories';

// Readers' names (docs/architecture.md#display-name): nobody passes for another reader.
describe('reader names', () => {
  let t: TestApp;
  let alice: Reader;
  let bruno: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createReader(t.app, { email: 'alice@exemple.fr' });
    bruno = await createReader(t.app, { email: 'bruno@exemple.fr' });
  });
  afterAll(() => t.close());

  const patchMe = (reader: Reader, username: string) =>
    callAs(t.app, reader).patch('/api/profiles/me', { username });
  const page = (viewer: Reader, id: string) => callAs(t.app, viewer).get(`/api/profiles/${id}`);
  // Raw SQL: the users table is the auth module's (one owner per table).
  const usernameOf = async (id: string) => {
    const { rows } = await t.database.db.execute<{ username: string | null }>(
      sql`select username from users where id = ${id}`,
    );
    return rows[0]?.username;
  };

  it('gives each new reader a distinct, friendly name, the same for them and for others', async () => {
    const names = [await usernameOf(alice.id), await usernameOf(bruno.id)];
    for (const name of names) expect(name).toMatch(/^\p{Lu}[\p{L}-]+ \d+$/u);
    expect(names[0]).not.toBe(names[1]);
    const own = (await page(alice, alice.id)).json().profile.username;
    const seen = (await page(bruno, alice.id)).json().profile.username;
    expect(own).toBe(names[0]);
    expect(seen).toBe(names[0]);
  });

  it.each([
    ['Bru\u200Bno', 'zero-width space'],
    ['\u202Eonurb', 'right-to-left override'],
    ['Bruno\u2066\u2069', 'bidi isolates'],
    ['\uFEFFBruno', 'byte order mark'],
    ['Bru\u00ADno', 'soft hyphen'],
  ])('refuses %j (%s) with a French 400 and keeps the name', async (username) => {
    const before = await usernameOf(bruno.id);
    const res = await patchMe(bruno, username);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Le nom ne peut pas contenir de caractères invisibles ou de contrôle.',
    );
    expect(await usernameOf(bruno.id)).toBe(before);
  });

  it('refuses a Latin name with a Cyrillic look-alike letter', async () => {
    const res = await patchMe(bruno, 'Ali\u0441e'); // Cyrillic 'с'
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Le nom ne peut pas mêler les alphabets latin, grec et cyrillique.',
    );
  });

  it('stores the name NFKC-normalized with its spaces collapsed', async () => {
    const res = await patchMe(alice, ' Ｅ\u0301lodie\u00A0\u00A0 Roux ');
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('Élodie Roux');
    expect(await usernameOf(alice.id)).toBe('Élodie Roux');
  });

  it.each(['élodie roux', 'ELODIE ROUX', 'Elodie  Roux', 'Ｅlodie Roux'])(
    "answers %j, another reader's name up to case, accents and width, with 409",
    async (name) => {
      const before = await usernameOf(bruno.id);
      const res = await patchMe(bruno, name);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'Ce nom est déjà pris.' });
      expect(await usernameOf(bruno.id)).toBe(before);
    },
  );

  it('lets a reader keep or re-case their own name', async () => {
    const res = await patchMe(alice, 'élodie roux');
    expect(res.statusCode).toBe(200);
    expect(await usernameOf(alice.id)).toBe('élodie roux');
  });

  it('gives a name asked for at the same time by two readers to one of them only', async () => {
    const [a, b] = await Promise.all([patchMe(alice, 'Même Nom'), patchMe(bruno, 'meme nom')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const names = [await usernameOf(alice.id), await usernameOf(bruno.id)];
    expect(names.filter((n) => n?.toLowerCase().normalize('NFD').startsWith('me'))).toHaveLength(1);
  });

  it('migrates existing names: cleaned, duplicates suffixed, blanks named, then unique', async () => {
    const db = t.database.db;
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map(
        async (n) => (await createReader(t.app, { email: `old${n}@exemple.fr` })).id,
      ),
    );
    // The data as it was before the rule: the index did not exist yet.
    await db.execute(sql`drop index users_username_fold_key`);
    const legacy = ['Zoé', 'zoe', 'ZOÉ\u200B', ' Zoé  Lune ', null];
    for (const [i, name] of legacy.entries()) {
      // Distinct sign-up times: the oldest keeps the name.
      await db.execute(
        sql`update users set username = ${name}, created_at = now() - make_interval(mins => ${10 - i})
          where id = ${ids[i]}`,
      );
    }
    const file = fs
      .readdirSync(migrationsDir)
      .find((name) => name.endsWith('_reader_names.sql')) as string;
    for (const statement of fs
      .readFileSync(path.join(migrationsDir, file), 'utf8')
      .split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const names = await Promise.all(ids.map(usernameOf));
    expect(names.slice(0, 4)).toEqual(['Zoé', 'zoe 2', 'ZOÉ 3', 'Zoé Lune']);
    expect(names[4]).toMatch(/^\p{Lu}[\p{L}-]+ \d+$/u);
    // And the rule holds again.
    const again = await createReader(t.app, { email: 'old6@exemple.fr' });
    const res = await patchMe(again, 'ZOE');
    expect(res.statusCode).toBe(409);
  });
});
