import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingQuestions, readingValidations } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, createReader, type Reader } from '../../test/factories';
import { questionAssignments } from './validation.table';

// A segment's approved questions are a pool: each reader is asked one, kept for them
// (decision 045). Questions answer `<segment>-<n>`.
describe('question pools', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: 'admin-pools@lisons.app' });
  });
  afterAll(() => t.close());

  const pooledBook = async (size: number, extra: { status?: 'pending' | 'rejected' }[] = []) => {
    const book = await createBook(t.database.db, { totalPages: 60 });
    const rows = [
      ...Array.from({ length: size }, (_, n) => ({ n, status: 'approved' as const })),
      ...extra.map((e, i) => ({ n: size + i, status: e.status ?? ('pending' as const) })),
    ];
    await t.database.db.insert(readingQuestions).values(
      rows.map(({ n, status }) => ({
        bookId: book.id,
        segment: 1,
        question: `Question ${n} du segment 1 ?`,
        answer: `reponse${n}`,
        status,
      })),
    );
    return book;
  };
  const askQuestion = (reader: Reader, bookId: string) =>
    callAs(t.app, reader).get(`/api/books/${bookId}/segments/1/question`);

  it('gives each reader one question of the pool, the same on every reload', async () => {
    const book = await pooledBook(3);
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const reader = await createReader(t.app);
      const first = (await askQuestion(reader, book.id)).json();
      const again = (await askQuestion(reader, book.id)).json();
      expect(again.question).toBe(first.question);
      expect(first.question).toMatch(/^Question [012] du segment 1 \?$/);
      seen.add(first.question);
    }
    // Eight readers over a pool of three: not all on the same question.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('checks the answer against the reader’s own question, never another of the pool', async () => {
    const book = await pooledBook(2);
    const reader = await createReader(t.app);
    const { question } = (await askQuestion(reader, book.id)).json();
    const mine = question.includes('Question 0') ? 'reponse0' : 'reponse1';
    const other = mine === 'reponse0' ? 'reponse1' : 'reponse0';
    const wrong = await callAs(t.app, reader).post(`/api/books/${book.id}/segments/1/answer`, {
      answer: other,
    });
    expect(wrong.json()).toMatchObject({ correct: false, attemptsLeft: 2 });
    // A wrong answer does not change the question.
    expect((await askQuestion(reader, book.id)).json().question).toBe(question);
    const right = await callAs(t.app, reader).post(`/api/books/${book.id}/segments/1/answer`, {
      answer: mine,
    });
    expect(right.json()).toMatchObject({ correct: true, xpGained: expect.any(Number) });
    const [validation] = await t.database.db
      .select({ questionId: readingValidations.questionId })
      .from(readingValidations)
      .where(eq(readingValidations.userId, reader.id));
    const [asked] = await t.database.db
      .select({ id: readingQuestions.id })
      .from(readingQuestions)
      .where(and(eq(readingQuestions.bookId, book.id), eq(readingQuestions.question, question)));
    expect(validation?.questionId).toBe(asked?.id);
  });

  it('keeps a reader’s question when the pool grows, and replaces it when it leaves', async () => {
    const book = await pooledBook(1);
    const reader = await createReader(t.app);
    expect((await askQuestion(reader, book.id)).json().question).toBe('Question 0 du segment 1 ?');
    await t.database.db.insert(readingQuestions).values(
      Array.from({ length: 6 }, (_, n) => ({
        bookId: book.id,
        segment: 1,
        question: `Nouvelle question ${n} ?`,
        answer: `nouvelle${n}`,
      })),
    );
    expect((await askQuestion(reader, book.id)).json().question).toBe('Question 0 du segment 1 ?');
    await t.database.db
      .update(readingQuestions)
      .set({ status: 'rejected' })
      .where(eq(readingQuestions.question, 'Question 0 du segment 1 ?'));
    const replaced = (await askQuestion(reader, book.id)).json().question;
    expect(replaced).toMatch(/^Nouvelle question \d \?$/);
    expect((await askQuestion(reader, book.id)).json().question).toBe(replaced);
    const rows = await t.database.db
      .select()
      .from(questionAssignments)
      .where(eq(questionAssignments.userId, reader.id));
    expect(rows).toHaveLength(1);
  });

  it('never asks a question waiting for review or rejected, and a segment of those only is not ready', async () => {
    const book = await pooledBook(0, [{ status: 'pending' }, { status: 'rejected' }]);
    const reader = await createReader(t.app);
    const res = await askQuestion(reader, book.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NO_QUESTION');
    const detail = (await callAs(t.app, reader).get(`/api/books/${book.id}`)).json();
    expect(detail.book.questionsAvailable).toBe(0);
    const [row] = await t.database.db
      .execute<{ ready: number }>(
        sql`select questions_ready as ready from books where id = ${book.id}`,
      )
      .then((r) => r.rows);
    expect(row?.ready).toBe(0);
  });

  it('shows the administrator each segment’s pool, and the back office rewrites only its first question', async () => {
    const book = await pooledBook(2);
    const admin = await createAdmin(t, { email: 'admin-pools@lisons.app' });
    const list = (await callAs(t.app, admin).get(`/api/admin/books/${book.id}/questions`)).json();
    const [slot] = list.slots;
    expect(slot.pool).toHaveLength(2);
    expect(slot.pool).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ question: 'Question 0 du segment 1 ?', answer: 'reponse0' }),
        expect.objectContaining({ question: 'Question 1 du segment 1 ?', answer: 'reponse1' }),
      ]),
    );
    expect(slot.pool[0]).toMatchObject({ question: slot.question, byReader: false });
    const untouched = slot.pool[1].question;
    const put = await callAs(t.app, admin).put(`/api/admin/books/${book.id}/questions/1`, {
      question: 'Réécrite ?',
      answer: 'neuf',
    });
    expect(put.json().slots[0].pool.map((q: { question: string }) => q.question)).toEqual([
      'Réécrite ?',
      untouched,
    ]);
    const removed = await callAs(t.app, admin).delete(`/api/admin/books/${book.id}/questions/1`);
    expect(removed.json().slots[0]).toMatchObject({ question: null, pool: [] });
  });
});
