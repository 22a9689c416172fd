import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuestionsMessages as m } from '../../../domain/messages/admin';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, type Reader } from '../../test/factories';

const ADMIN = 'admin-questions@lisons.app';
type Book = Awaited<ReturnType<typeof createBook>>;

describe('the back office: questions and segment status', () => {
  let t: TestApp;
  let admin: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await createAdmin(t, { email: ADMIN });
  });
  afterAll(() => t.close());

  const put = (book: Book, segment: number | string, question: string, answer: string) =>
    callAs(t.app, admin).put(`/api/admin/books/${book.id}/questions/${segment}`, {
      question,
      answer,
    });
  const questionRows = async (book: Book) =>
    (
      await t.database.db.execute<{ segment: number; question: string; answer: string }>(
        sql`select segment, question, answer from reading_questions where book_id = ${book.id} order by segment`,
      )
    ).rows;

  it('writes a question with its answer trimmed and lower-case; the book turns complete', async () => {
    const book = await createBook(t.database.db, { totalPages: 45 });
    const first = await put(book, 1, ' Qui arrive au château ? ', '  Candide ');
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('incomplete');
    expect(first.json().slots[0]).toMatchObject({
      segment: 1,
      question: 'Qui arrive au château ?',
      answer: 'candide',
    });
    const second = await put(book, 2, 'Où ?', 'Lisbonne');
    expect(second.json().status).toBe('complete');
    expect(second.json().book.questionsAvailable).toBe(2);
    // Rewriting a segment replaces its question; both writes are in the trail.
    await put(book, 2, 'Quelle ville ?', 'lisbonne');
    expect(await questionRows(book)).toEqual([
      { segment: 1, question: 'Qui arrive au château ?', answer: 'candide' },
      { segment: 2, question: 'Quelle ville ?', answer: 'lisbonne' },
    ]);
    const actions = await t.database.db.execute<{ action: string }>(
      sql`select action from admin_audit where entity_id like ${`${book.slug}#%`} order by created_at`,
    );
    expect(actions.rows.map((r) => r.action)).toEqual([
      'question.create',
      'question.create',
      'question.update',
    ]);
  });

  it("refuses with the spec's messages and writes nothing", async () => {
    const book = await createBook(t.database.db, { totalPages: 30 });
    const cases: [number | string, string, string, string][] = [
      ['x', 'Q ?', 'mot', m.segmentRequired],
      [0, 'Q ?', 'mot', m.segmentRequired],
      [1, '  ', 'mot', m.questionEmpty],
      [1, 'Q ?', ' ', m.answerEmpty],
      [1, 'Q ?', 'deux mots', m.answerOneWord],
      [2, 'Q ?', 'mot', m.segmentOutOfBook],
    ];
    for (const [segment, question, answer, message] of cases) {
      const res = await put(book, segment, question, answer);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await questionRows(book)).toEqual([]);
  });

  it('removes a question, which leaves its slot to fill', async () => {
    const book = await createBook(t.database.db, { totalPages: 30 });
    await put(book, 1, 'Q ?', 'mot');
    const res = await callAs(t.app, admin).delete(`/api/admin/books/${book.id}/questions/1`);
    expect(res.json().status).toBe('missing');
    expect(res.json().slots).toEqual([expect.objectContaining({ segment: 1, question: null })]);
  });

  it('shows a question past the end of a book whose pages were lowered', async () => {
    const book = await createBook(t.database.db, { totalPages: 60 });
    await put(book, 2, 'Q ?', 'mot');
    await callAs(t.app, admin).patch(`/api/admin/books/${book.id}`, { totalPages: 30 });
    const slots = (await callAs(t.app, admin).get(`/api/admin/books/${book.id}/questions`)).json()
      .slots;
    expect(slots).toEqual([
      expect.objectContaining({ segment: 1, question: null, beyond: false }),
      expect.objectContaining({ segment: 2, question: 'Q ?', beyond: true }),
    ]);
  });

  describe('import', () => {
    it('imports a JSON file of data/questions, all at once', async () => {
      const book = await createBook(t.database.db, { totalPages: 60 });
      const content = JSON.stringify({
        book: book.slug,
        questions: [
          { segment: 1, question: 'Qui ?', answer: 'Pangloss' },
          { segment: 2, question: 'Où ?', answer: 'Lisbonne' },
        ],
      });
      const res = await callAs(t.app, admin).post(`/api/admin/books/${book.id}/questions/import`, {
        format: 'json',
        content,
      });
      expect(res.json()).toEqual({ imported: 2, notices: [] });
      expect(
        (await callAs(t.app, admin).get(`/api/admin/books/${book.id}/questions`)).json().status,
      ).toBe('complete');
    });

    it('imports nothing when a line is wrong, naming every bad line', async () => {
      const book = await createBook(t.database.db, { totalPages: 90 });
      const content = '1;Qui ?;Pangloss\n2;Où ?;deux mots\n3;;mot\n';
      const res = await callAs(t.app, admin).post(`/api/admin/books/${book.id}/questions/import`, {
        format: 'csv',
        content,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.errors).toEqual([
        `Ligne 2\u00a0: ${m.answerOneWord}`,
        `Ligne 3\u00a0: ${m.questionEmpty}`,
      ]);
      expect(await questionRows(book)).toEqual([]);
    });

    it('moves segment 0 of old data to segment 1', async () => {
      const book = await createBook(t.database.db, { totalPages: 60 });
      const res = await callAs(t.app, admin).post(`/api/admin/books/${book.id}/questions/import`, {
        format: 'csv',
        content: '0;Qui ?;Pangloss\n2;Où ?;Lisbonne',
      });
      expect(res.json()).toEqual({ imported: 2, notices: [m.segmentZeroMoved] });
      expect((await questionRows(book)).map((q) => q.segment)).toEqual([1, 2]);
    });
  });

  it('lists the segment status: incomplete, then missing, then complete', async () => {
    const partial = await createBook(t.database.db, { totalPages: 90 });
    await put(partial, 2, 'Q ?', 'mot');
    const status = (await callAs(t.app, admin).get('/api/admin/segment-status')).json();
    const ranks = status.items.map((i: { status: string }) =>
      ['incomplete', 'missing', 'complete'].indexOf(i.status),
    );
    expect(ranks).toEqual([...ranks].sort());
    const incomplete = status.items.find((i: { status: string }) => i.status === 'incomplete');
    expect(incomplete).toMatchObject({
      id: partial.id,
      availableQuestions: 1,
      missingSegments: [1, 3],
    });
    expect(status.items.some((i: { status: string }) => i.status === 'complete')).toBe(true);
  });
});
