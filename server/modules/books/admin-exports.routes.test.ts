import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../domain/messages/accounts';
import { adminExportsMessages as m } from '../../../domain/messages/admin';
import type { Database } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createTestDatabase } from '../../test/database';
import {
  createAdmin,
  createBook,
  createQuestions,
  createReader,
  type Reader,
} from '../../test/factories';

const ADMIN = 'admin-exports@lisons.app';

/** Runs a whole SQL file (several statements) on a database, as psql would. */
async function runSqlFile(database: Database, text: string) {
  if (database.kind === 'pglite') {
    await (
      database.db as unknown as { $client: { exec: (s: string) => Promise<unknown> } }
    ).$client.exec(text);
  } else {
    await database.db.execute(sql.raw(text));
  }
}

const catalogueOf = async (database: Database) => ({
  books: (
    await database.db.execute(
      sql`select id, slug, title, author, description, category, tags, total_pages, expected_segments,
            year, is_published, questions_ready, questions_complete, created_at, updated_at
          from books order by id`,
    )
  ).rows,
  questions: (
    await database.db.execute(
      sql`select id, book_id, segment, question, answer, created_at, updated_at from reading_questions order by id`,
    )
  ).rows,
});

describe('the back office: exports', () => {
  let t: TestApp;
  let admin: Reader;
  let reader: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await createAdmin(t, { email: ADMIN });
    reader = await createReader(t.app);
    const db = t.database.db;
    // Texts a careless export would break: quotes, semicolons, line breaks, a formula.
    const tricky = await createBook(db, {
      title: "L'Étranger; « roman »",
      author: 'Albert "Camus"',
      description: 'Aujourd’hui, maman est morte.\nOu peut-être hier.',
      tags: ['absurde', "l'été"],
      totalPages: 90,
      year: 1942,
    });
    await createQuestions(db, tricky);
    const partial = await createBook(db, {
      title: '=SOMME(A1)',
      author: 'Tableur',
      totalPages: 120,
    });
    await db.execute(
      sql`insert into reading_questions (book_id, segment, question, answer) values (${partial.id}, 2, 'Q ?', 'mot')`,
    );
    await createBook(db, {
      title: 'Sans question',
      author: 'Personne',
      totalPages: 30,
      isPublished: false,
    });
  });
  afterAll(() => t.close());

  const get = (who: Reader | null, file: string) =>
    callAs(t.app, who).get(`/api/admin/exports/${file}`);

  it('exports the catalogue as CSV, one line per book, texts quoted', async () => {
    const res = await get(admin, 'catalogue.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="catalogue.csv"');
    expect(res.body.startsWith('\uFEFFid;slug;title;author;')).toBe(true);
    expect(res.body).toContain(`"L'Étranger; « roman »";"Albert ""Camus"""`);
    expect(res.body).toContain(";'=SOMME(A1);Tableur;");
    expect(res.body.trim().split('\r\n')).toHaveLength(4);
  });

  it('exports the missing segments of the books not complete', async () => {
    const res = await get(admin, 'missing-segments.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFslug;title;author;expected_segments;missing_count;missing_segments',
    );
    expect(lines.slice(1)).toEqual([
      'sans-question-personne;Sans question;Personne;1;1;1',
      "somme-a1-tableur;'=SOMME(A1);Tableur;4;3;1 3 4",
    ]);
  });

  it('exports read_export.sql, which restores the same catalogue into an empty database', async () => {
    const res = await get(admin, 'read_export.sql');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="read_export.sql"');
    expect(res.body).toMatch(/^-- Lisons/);
    expect(res.body.trim().endsWith('COMMIT;')).toBe(true);
    const fresh = await createTestDatabase();
    try {
      await runSqlFile(fresh, res.body);
      expect(await catalogueOf(fresh)).toEqual(await catalogueOf(t.database));
    } finally {
      await fresh.close();
    }
  });

  it("refuses with the spec's messages: signed out, then not an administrator", async () => {
    for (const file of ['catalogue.csv', 'missing-segments.csv', 'read_export.sql']) {
      const out = await get(null, file);
      expect(out.statusCode).toBe(401);
      expect(out.json().error.message).toBe(m.signedOut);
      const denied = await get(reader, file);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toBe(accountMessages.adminRequired);
    }
  });
});
