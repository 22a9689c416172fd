import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBooksMessages as m } from '../../../domain/messages/admin';
import { readingProgress, readingQuestions, readingValidations } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import {
  createAdmin,
  createBook,
  createQuestions,
  createReader,
  type Reader,
} from '../../test/factories';
import { bookMoves } from './book-merge';

const ADMIN = 'admin-merge@lisons.app';

// An administrator merges a duplicate into the book to keep (decision 048).
describe('merging a duplicate book', () => {
  let t: TestApp;
  let admin: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await createAdmin(t, { email: ADMIN });
  });
  afterAll(() => t.close());

  const merge = (who: Reader, from: string, into: string) =>
    callAs(t.app, who).post(`/api/admin/books/${from}/merge`, { into });
  const answer = (reader: Reader, bookId: string, segment: number) =>
    callAs(t.app, reader).post(`/api/books/${bookId}/segments/${segment}/answer`, {
      answer: `mot${segment}`,
    });
  const progressOf = async (reader: Reader) =>
    t.database.db
      .select({ bookId: readingProgress.bookId, validated: readingProgress.segmentsValidated })
      .from(readingProgress)
      .where(eq(readingProgress.userId, reader.id));
  const count = async (table: string, bookId: string) => {
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where book_id = ${bookId}`,
    );
    return Number(rows[0]?.n);
  };

  it('has a move for every column that holds a book (names the table that lacks one)', async () => {
    const { rows } = await t.database.db.execute<{ table: string; column: string }>(sql`
      select c.conrelid::regclass::text as table, a.attname::text as column
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'books'::regclass
      order by 1, 2`);
    const moved = new Set(
      bookMoves.flatMap((move) =>
        Object.entries(move.tables).map(([table, column]) => `${table}.${column}`),
      ),
    );
    expect(rows.map((r) => `${r.table}.${r.column}`).filter((c) => !moved.has(c))).toEqual([]);
  });

  it('moves lists, progress, validations, questions, chat and activities to the kept book, in one go', async () => {
    const duplicate = await createBook(t.database.db, { totalPages: 90, title: 'Le Doublon' });
    const kept = await createBook(t.database.db, { totalPages: 90, title: 'Le Vrai' });
    await createQuestions(t.database.db, duplicate);
    await createQuestions(t.database.db, kept);
    // X reads only the duplicate; Y read the duplicate further than the kept book; Z the reverse.
    const [x, y, z] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ];
    await answer(x, duplicate.id, 1);
    await callAs(t.app, x).post(`/api/books/${duplicate.id}/segments/2/answer`, { answer: 'non' });
    for (const n of [1, 2]) await answer(y, duplicate.id, n);
    await answer(y, kept.id, 1);
    await answer(z, duplicate.id, 1);
    for (const n of [1, 2]) await answer(z, kept.id, n);
    await t.database.db.execute(sql`insert into book_chats (book_id, author_id, content)
      values (${duplicate.id}, ${x.id}, 'Au salon du doublon')`);
    await t.database.db.execute(sql`insert into activities (actor_id, kind, book_id, source_key)
      values (${x.id}, 'finished', ${duplicate.id}, ${`merge-test:${duplicate.id}`})`);

    const res = await merge(admin, duplicate.id, kept.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kept: { id: kept.id, slug: kept.slug, title: 'Le Vrai' } });

    expect((await callAs(t.app, x).get(`/api/books/${duplicate.slug}`)).statusCode).toBe(404);
    expect(await progressOf(x)).toEqual([{ bookId: kept.id, validated: 1 }]);
    expect(await progressOf(y)).toEqual([{ bookId: kept.id, validated: 2 }]);
    expect(await progressOf(z)).toEqual([{ bookId: kept.id, validated: 2 }]);
    const ysValidations = await t.database.db
      .select({ segment: readingValidations.segment })
      .from(readingValidations)
      .where(and(eq(readingValidations.userId, y.id), eq(readingValidations.bookId, kept.id)));
    expect(ysValidations.map((v) => v.segment).sort()).toEqual([1, 2]);
    // X's wrong answer on segment 2 is still counted on the kept book.
    const state = (await callAs(t.app, x).get(`/api/books/${kept.id}/validation`)).json();
    expect(state).toMatchObject({ segment: 2, attemptsLeft: 2 });
    // The duplicate's questions joined the kept book's pools.
    const pool = await t.database.db
      .select()
      .from(readingQuestions)
      .where(and(eq(readingQuestions.bookId, kept.id), eq(readingQuestions.segment, 1)));
    expect(pool).toHaveLength(2);
    expect(await count('book_chats', kept.id)).toBe(1);
    expect(await count('activities', kept.id)).toBeGreaterThanOrEqual(1);
    for (const table of ['reading_progress', 'reading_questions', 'book_chats', 'activities']) {
      expect(await count(table, duplicate.id)).toBe(0);
    }
    const { rows: audit } = await t.database.db.execute<{ action: string; entity_id: string }>(
      sql`select action, entity_id from admin_audit where action = 'book.merge' and entity_id = ${kept.id}`,
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses a merge into itself, with a book that does not exist, or by a reader, and changes nothing', async () => {
    const book = await createBook(t.database.db);
    const other = await createBook(t.database.db);
    const same = await merge(admin, book.id, book.id);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe(m.mergeSame);
    const missing = await merge(admin, book.id, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.mergeNotFound);
    const reader = await createReader(t.app);
    expect((await merge(reader, book.id, other.id)).statusCode).toBe(403);
    for (const id of [book.id, other.id]) {
      expect((await callAs(t.app, reader).get(`/api/books/${id}`)).statusCode).toBe(200);
    }
  });
});
