import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionProposalsMessages as m } from '../../../domain/messages/question-proposals';
import { readingQuestions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, createReader, type Reader } from '../../test/factories';
import { createQuestionQuality } from './question-quality';

const ADMIN = 'admin-quality@lisons.app';

// A question's figures, its reports, and the pass that takes failing questions out of their
// pools (decision 047).
describe('the quality of pooled questions', () => {
  let t: TestApp;
  let admin: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await createAdmin(t, { email: ADMIN });
  });
  afterAll(() => t.close());

  /** A one-segment book whose pool holds `size` questions, answering `reponse<n>`. */
  const pooledBook = async (size: number) => {
    const book = await createBook(t.database.db, { totalPages: 30 });
    const rows = await t.database.db
      .insert(readingQuestions)
      .values(
        Array.from({ length: size }, (_, n) => ({
          bookId: book.id,
          segment: 1,
          question: `Question ${n} ?`,
          answer: `reponse${n}`,
        })),
      )
      .returning({ id: readingQuestions.id });
    return { book, ids: rows.map((r) => r.id) };
  };
  const statusOf = async (id: string) =>
    (
      await t.database.db
        .select({ status: readingQuestions.status })
        .from(readingQuestions)
        .where(eq(readingQuestions.id, id))
    )[0]?.status;
  /** `count` readers validate segment 1 with the question, `firstTry` of them at once. */
  const answered = async (
    bookId: string,
    questionId: string,
    { count, firstTry, jokers = 0 }: { count: number; firstTry: number; jokers?: number },
  ) => {
    for (let i = 0; i < count; i++) {
      const reader = await createReader(t.app);
      const wrong = i < firstTry ? 0 : 2;
      await t.database.db.execute(sql`with p as (
          insert into reading_progress (user_id, book_id, status, segments_validated, current_page)
          values (${reader.id}, ${bookId}, 'completed', 1, 30) returning id)
        insert into reading_validations (user_id, book_id, progress_id, segment, question_id, answer, used_joker, wrong_answers)
        select ${reader.id}, ${bookId}, p.id, 1, ${questionId}, 'x', ${i >= count - jokers}, ${wrong} from p`);
    }
  };

  it('counts a question’s attempts, first tries, jokers and reports, for administrators', async () => {
    const { book, ids } = await pooledBook(2);
    const [first] = ids as [string];
    await answered(book.id, first, { count: 4, firstTry: 3, jokers: 1 });
    // A reader who failed once, not validated yet, asked this question.
    const failing = await createReader(t.app);
    const asked = await callAs(t.app, failing).get(`/api/books/${book.id}/segments/1/question`);
    const failingOn = asked.json().questionId as string;
    await callAs(t.app, failing).post(`/api/books/${book.id}/segments/1/answer`, { answer: 'non' });
    await callAs(t.app, failing).post(`/api/questions/${failingOn}/reports`, {
      reason: 'ambiguous',
    });

    const res = await callAs(t.app, admin).get(`/api/admin/books/${book.id}/question-figures`);
    expect(res.statusCode).toBe(200);
    const figures = res.json().figures;
    const expected = (id: string) => ({
      attempts: (id === first ? 4 : 0) + (id === failingOn ? 1 : 0),
      firstTry: id === first ? 3 : 0,
      jokers: id === first ? 1 : 0,
      reports: id === failingOn ? 1 : 0,
    });
    for (const id of ids) expect(figures[id]).toEqual(expected(id));
    const reader = await createReader(t.app);
    expect(
      (await callAs(t.app, reader).get(`/api/admin/books/${book.id}/question-figures`)).statusCode,
    ).toBe(403);
  });

  it('takes a report only from a reader asked the question, once', async () => {
    const { book, ids } = await pooledBook(1);
    const [id] = ids as [string];
    const stranger = await createReader(t.app);
    const refused = await callAs(t.app, stranger).post(`/api/questions/${id}/reports`, {
      reason: 'error',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(m.reportNotAsked);
    await callAs(t.app, stranger).get(`/api/books/${book.id}/segments/1/question`);
    const first = await callAs(t.app, stranger).post(`/api/questions/${id}/reports`, {
      reason: 'error',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ returnedToReview: false });
    const again = await callAs(t.app, stranger).post(`/api/questions/${id}/reports`, {
      reason: 'outside',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyReported);
    const bad = await callAs(t.app, stranger).post(`/api/questions/${id}/reports`, {
      reason: 'nul',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends a question back to review at its third report, unless it is its pool’s last', async () => {
    const { book, ids } = await pooledBook(2);
    const reporters: Reader[] = [];
    // Readers asked either question; the first three asked the same one report it.
    let target: string | null = null;
    while (reporters.length < 3) {
      const reader = await createReader(t.app);
      const { questionId } = (
        await callAs(t.app, reader).get(`/api/books/${book.id}/segments/1/question`)
      ).json();
      target ??= questionId;
      if (questionId === target) reporters.push(reader);
    }
    const results = [];
    for (const reader of reporters) {
      results.push(
        (
          await callAs(t.app, reader).post(`/api/questions/${target}/reports`, { reason: 'error' })
        ).json(),
      );
    }
    expect(results.map((r) => r.returnedToReview)).toEqual([false, false, true]);
    expect(await statusOf(target as string)).toBe('pending');
    const remaining = ids.find((id) => id !== target) as string;
    expect(await statusOf(remaining)).toBe('approved');
    // Back in the queue, with its figures.
    const queue = (
      await callAs(t.app, admin).get(`/api/question-reviews?bookId=${book.id}`)
    ).json();
    expect(queue.items).toEqual([
      expect.objectContaining({ id: target, figures: expect.objectContaining({ reports: 3 }) }),
    ]);
    // Its readers are now asked the other one.
    const moved = (
      await callAs(t.app, reporters[0] as Reader).get(`/api/books/${book.id}/segments/1/question`)
    ).json();
    expect(moved.questionId).toBe(remaining);

    // The last question of a pool stays, whatever its reports.
    const { book: alone, ids: lone } = await pooledBook(1);
    const [only] = lone as [string];
    for (let i = 0; i < 3; i++) {
      const reader = await createReader(t.app);
      await callAs(t.app, reader).get(`/api/books/${alone.id}/segments/1/question`);
      await callAs(t.app, reader).post(`/api/questions/${only}/reports`, { reason: 'error' });
    }
    expect(await statusOf(only)).toBe('approved');
  });

  it('takes out of its pool, hourly, a question that 20 readers tried with under 25 % right at once', async () => {
    const { book, ids } = await pooledBook(3);
    const [hard, fair, young] = ids as [string, string, string];
    await answered(book.id, hard, { count: 20, firstTry: 4 });
    await answered(book.id, fair, { count: 20, firstTry: 5 });
    await answered(book.id, young, { count: 10, firstTry: 0 });
    const quality = createQuestionQuality({ db: t.database.db });
    expect(await quality.pass()).toBe(1);
    expect([await statusOf(hard), await statusOf(fair), await statusOf(young)]).toEqual([
      'pending',
      'approved',
      'approved',
    ]);
    expect(await quality.pass()).toBe(0);
  });
});
