import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuestionsMessages as q } from '../../../domain/messages/admin';
import { questionProposalsMessages as m } from '../../../domain/messages/question-proposals';
import { readingProgress, readingQuestions, readingValidations } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, createReader, grantXp, type Reader } from '../../test/factories';

const ADMIN = 'admin-proposals@lisons.app';
type Book = Awaited<ReturnType<typeof createBook>>;

// Readers propose the question of a segment and review others' (decision 045).
describe('questions proposed and reviewed by readers', () => {
  let t: TestApp;
  let admin: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await createAdmin(t, { email: ADMIN });
  });
  afterAll(() => t.close());

  /** A book of two segments with no question yet. */
  const newBook = () =>
    createBook(t.database.db, {
      totalPages: 60,
      title: `Le phare ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Un gardien de phare et la mer.',
    });
  const propose = (
    reader: Reader,
    book: Book,
    segment: number,
    body: Record<string, unknown> = {},
  ) =>
    callAs(t.app, reader).post(`/api/books/${book.id}/segments/${segment}/proposals`, {
      question: 'Quel animal suit le bateau ?',
      answer: 'albatros',
      location: 'chapitre 2',
      ...body,
    });
  const review = (reader: Reader, id: string, body: Record<string, unknown>) =>
    callAs(t.app, reader).post(`/api/question-reviews/${id}`, body);
  const queueOf = async (reader: Reader, book?: Book) =>
    (
      await callAs(t.app, reader).get(`/api/question-reviews${book ? `?bookId=${book.id}` : ''}`)
    ).json();
  /** A reader at the reviewers' level (3: 250 XP). */
  const seasoned = async () => {
    const reader = await createReader(t.app);
    await grantXp(t.database.db, reader.id, 300);
    return reader;
  };
  const xpOf = async (readerId: string, reason: string) => {
    const { rows } = await t.database.db.execute<{ total: number }>(
      sql`select coalesce(sum(amount), 0)::int as total from xp_events
          where user_id = ${readerId} and reason = ${reason}`,
    );
    return rows[0]?.total;
  };
  const questionsOf = (book: Book) =>
    t.database.db
      .select()
      .from(readingQuestions)
      .where(eq(readingQuestions.bookId, book.id))
      .orderBy(readingQuestions.createdAt);
  const notificationsOf = async (reader: Reader) =>
    (await callAs(t.app, reader).get('/api/notifications')).json().items as {
      type: string;
      meta: { msg?: string };
    }[];

  it('counts a segment without a question as read, without XP until its question is published', async () => {
    const author = await createReader(t.app);
    const book = await newBook();
    const before = await callAs(t.app, author).get(`/api/books/${book.id}/segments/1/question`);
    expect(before.json().error.code).toBe('NO_QUESTION');

    const res = await propose(author, book, 1);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ countedAsRead: true });
    const [progress] = await t.database.db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, author.id), eq(readingProgress.bookId, book.id)));
    expect(progress).toMatchObject({ segmentsValidated: 1, status: 'in_progress' });
    const [validation] = await t.database.db
      .select()
      .from(readingValidations)
      .where(eq(readingValidations.userId, author.id));
    expect(validation?.questionId).toBe(res.json().questionId);
    expect(await xpOf(author.id, 'validation')).toBe(0);
    const [question] = await questionsOf(book);
    expect(question).toMatchObject({
      status: 'pending',
      authorId: author.id,
      answer: 'albatros',
      location: 'chapitre 2',
    });
    // The pending question is not asked: the next segment, not this one, is the reader's.
    const state = (await callAs(t.app, author).get(`/api/books/${book.id}/validation`)).json();
    expect(state.segment).toBe(2);
    const mine = (await callAs(t.app, author).get(`/api/books/${book.id}/contributions`)).json();
    expect(mine).toEqual({
      pending: [{ segment: 1, question: 'Quel animal suit le bateau ?' }],
      reviewable: 0,
      next: { segment: 2, hasQuestion: false },
    });
  });

  it('refuses bad proposals in French and changes nothing', async () => {
    const reader = await createReader(t.app);
    const book = await newBook();
    const cases: [
      Promise<{ statusCode: number; json: () => { error: { message: string } } }>,
      number,
      string,
    ][] = [
      [propose(reader, book, 2), 409, m.segmentNotReached],
      [propose(reader, book, 1, { answer: 'deux mots' }), 400, q.answerOneWord],
      [propose(reader, book, 1, { answer: 'Phare' }), 400, m.answerInBook],
      [propose(reader, book, 1, { location: ' ' }), 400, m.locationEmpty],
    ];
    for (const [res, status, message] of cases) {
      const r = await res;
      expect(r.statusCode).toBe(status);
      expect(r.json().error.message).toContain(message);
    }
    const missing = await callAs(t.app, reader).post(
      '/api/books/00000000-0000-4000-8000-000000000000/segments/1/proposals',
      { question: 'Quoi ?', answer: 'rien', location: 'p. 3' },
    );
    expect(missing.statusCode).toBe(404);
    expect(await questionsOf(book)).toEqual([]);
    const progress = await t.database.db
      .select()
      .from(readingValidations)
      .where(eq(readingValidations.userId, reader.id));
    expect(progress).toEqual([]);

    // A second question by the same reader, or the same question, is refused too.
    expect((await propose(reader, book, 1)).statusCode).toBe(201);
    const again = await propose(reader, book, 1, { question: 'Autre chose ?', answer: 'mouette' });
    expect(again.json().error.message).toBe(m.alreadyPending);
    const other = await createReader(t.app);
    const same = await propose(other, book, 1, { question: 'quel animal suit le bateau' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(m.duplicate);
    expect(await questionsOf(book)).toHaveLength(1);
  });

  it('shows a pending question, answer included, only to eligible reviewers', async () => {
    const author = await createReader(t.app);
    const book = await newBook();
    const { questionId } = (await propose(author, book, 1)).json();
    // Read the segment (by proposing its question too) but below the level: nothing to review.
    const novice = await createReader(t.app);
    expect(
      (await propose(novice, book, 1, { question: 'Qui garde le phare ?', answer: 'yves' }))
        .statusCode,
    ).toBe(201);
    expect((await queueOf(novice, book)).items).toEqual([]);
    expect((await review(novice, questionId, { verdict: 'approve' })).statusCode).toBe(404);
    // At the level without having read it: nothing either, and its review is « not found ».
    const outsider = await seasoned();
    const hidden = await review(outsider, questionId, { verdict: 'approve' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe(m.questionNotFound);
    expect(JSON.stringify(await queueOf(outsider))).not.toContain('albatros');
    // At the level and having read it: the question, its answer and where it is.
    const reviewer = await seasoned();
    await propose(reviewer, book, 1, { question: 'Que voit-on la nuit ?', answer: 'lumiere' });
    const queue = await queueOf(reviewer, book);
    expect(queue.items.map((i: { id: string }) => i.id)).toContain(questionId);
    expect(queue.items.find((i: { id: string }) => i.id === questionId)).toMatchObject({
      question: 'Quel animal suit le bateau ?',
      answer: 'albatros',
      location: 'chapitre 2',
      segment: 1,
      from: 1,
      to: 30,
      book: { id: book.id, slug: book.slug },
    });
    // Never their own.
    expect((await queueOf(author, book)).items).toEqual([]);
    const own = await review(author, questionId, { verdict: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(m.ownQuestion);
  });

  it('publishes on an administrator’s approval: the author gets the segment’s XP, 20 XP, a badge and a notification', async () => {
    const author = await createReader(t.app);
    const book = await newBook();
    const { questionId } = (await propose(author, book, 1)).json();
    const res = await review(admin, questionId, { verdict: 'approve' });
    expect(res.json()).toEqual({ status: 'approved' });
    expect(await xpOf(author.id, 'validation')).toBe(10);
    expect(await xpOf(author.id, 'question')).toBe(20);
    const [notification] = await notificationsOf(author);
    expect(notification).toMatchObject({ type: 'question_approved' });
    expect(notification?.meta.msg).toBe(
      `Ta question sur «\u00a0${book.title}\u00a0» est publiée\u00a0: +30\u00a0XP.`,
    );
    const badges = await t.database.db.execute<{ slug: string }>(
      sql`select badge_slug as slug from user_badges where user_id = ${author.id}`,
    );
    expect(badges.rows.map((b) => b.slug)).toContain('premiere-question');
    // A second review of a published question finds nothing to review.
    expect(
      (await review(admin, questionId, { verdict: 'reject', reason: 'error' })).statusCode,
    ).toBe(404);

    // The next reader is asked it, and validates with its answer.
    const next = await createReader(t.app);
    const offer = (await callAs(t.app, next).get(`/api/books/${book.id}/contributions`)).json();
    expect(offer.next).toEqual({ segment: 1, hasQuestion: true });
    const asked = await callAs(t.app, next).get(`/api/books/${book.id}/segments/1/question`);
    expect(asked.json().question).toBe('Quel animal suit le bateau ?');
    expect(asked.body).not.toContain('albatros');
    const answered = await callAs(t.app, next).post(`/api/books/${book.id}/segments/1/answer`, {
      answer: 'Albatros',
    });
    expect(answered.json()).toMatchObject({ correct: true });
  });

  it('publishes on two readers’ approvals, refuses on two rejections, and waits when they disagree', async () => {
    const book = await newBook();
    const [a, b, c] = [await seasoned(), await seasoned(), await seasoned()];
    const author = await createReader(t.app);
    const { questionId: first } = (await propose(author, book, 1)).json();
    const authorTwo = await createReader(t.app);
    const { questionId: second } = (
      await propose(authorTwo, book, 1, { question: 'Quel oiseau crie ?', answer: 'goeland' })
    ).json();
    const authorThree = await createReader(t.app);
    const { questionId: third } = (
      await propose(authorThree, book, 1, { question: 'Quel mois ?', answer: 'novembre' })
    ).json();
    for (const [i, reader] of [a, b, c].entries()) {
      await propose(reader, book, 1, {
        question: `Question du relecteur ${i} ?`,
        answer: `mot${i}`,
      });
    }

    expect((await review(a, first, { verdict: 'approve' })).json()).toEqual({ status: 'pending' });
    expect((await review(a, first, { verdict: 'approve' })).statusCode).toBe(409);
    expect((await review(b, first, { verdict: 'approve' })).json()).toEqual({ status: 'approved' });

    expect((await review(a, second, { verdict: 'reject', reason: 'guessable' })).json()).toEqual({
      status: 'pending',
    });
    expect((await review(b, second, { verdict: 'reject', reason: 'ambiguous' })).json()).toEqual({
      status: 'rejected',
    });
    const [rejected] = await notificationsOf(authorTwo);
    expect(rejected).toMatchObject({ type: 'question_rejected' });
    expect(rejected?.meta.msg).toContain('Réponse ambiguë');
    expect(await xpOf(authorTwo.id, 'question')).toBe(0);

    await review(a, third, { verdict: 'approve' });
    expect((await review(b, third, { verdict: 'reject', reason: 'outside' })).json()).toEqual({
      status: 'pending',
    });
    expect((await review(c, third, { verdict: 'approve' })).json()).toEqual({ status: 'pending' });
    // A split waits for an administrator, whose verdict decides.
    const waiting = (await queueOf(admin, book)).items.map((i: { id: string }) => i.id);
    expect(waiting).toContain(third);
    expect(waiting).not.toContain(first);
    expect(waiting).not.toContain(second);
    expect((await review(admin, third, { verdict: 'approve' })).json()).toEqual({
      status: 'approved',
    });

    const statuses = Object.fromEntries((await questionsOf(book)).map((q) => [q.id, q.status]));
    expect([statuses[first], statuses[second], statuses[third]]).toEqual([
      'approved',
      'rejected',
      'approved',
    ]);
  });

  it('lets a reviewer correct the question before approving it; earlier approvals no longer count', async () => {
    const book = await newBook();
    const [a, b] = [await seasoned(), await seasoned()];
    await propose(a, book, 1, { question: 'Relecteur A ?', answer: 'aaa' });
    await propose(b, book, 1, { question: 'Relecteur B ?', answer: 'bbb' });
    const author = await createReader(t.app);
    const { questionId } = (await propose(author, book, 1)).json();
    await review(a, questionId, { verdict: 'approve' });
    const edited = await review(b, questionId, {
      verdict: 'approve',
      edit: { question: 'Quel oiseau suit le navire ?', answer: 'Albatros', location: 'ch. 2' },
    });
    expect(edited.json()).toEqual({ status: 'pending' });
    const [q] = (await questionsOf(book)).filter((row) => row.id === questionId);
    expect(q).toMatchObject({
      question: 'Quel oiseau suit le navire ?',
      answer: 'albatros',
      location: 'ch. 2',
    });
    const bad = await review(a, questionId, {
      verdict: 'approve',
      edit: { question: 'x', answer: 'deux mots', location: 'p. 1' },
    });
    expect(bad.statusCode).toBe(400);
    const noReason = await review(a, questionId, { verdict: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain(m.reasonRequired);
  });

  it('adds a question to the pool of a segment already read, without counting anything again', async () => {
    const author = await createReader(t.app);
    const book = await newBook();
    await propose(author, book, 1);
    const more = await propose(author, book, 2, {
      question: 'Qui arrive au matin ?',
      answer: 'releve',
    });
    expect(more.json()).toMatchObject({ countedAsRead: true });
    await review(admin, (await questionsOf(book))[0]?.id as string, { verdict: 'approve' });
    const extra = await propose(author, book, 1, {
      question: 'Quelle couleur a la coque ?',
      answer: 'rouge',
    });
    expect(extra.statusCode).toBe(201);
    expect(extra.json()).toMatchObject({ countedAsRead: false });
    const validations = await t.database.db
      .select()
      .from(readingValidations)
      .where(eq(readingValidations.userId, author.id));
    expect(validations).toHaveLength(2);
  });
});
