import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../../domain/messages/chat';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { chatRoomGuard } from '../chat/chat.live';

// A book imported on the 'read' shelf is the reader's history, not a validated finish
// (docs/architecture.md#reading-status-and-progress): it opens no chat, grants nothing and
// counts nowhere validations count, yet shows as finished in the reader's own list.
describe('a book imported as read', () => {
  let t: TestApp;
  let alice: Reader;
  let imported: Awaited<ReturnType<typeof createBook>>;
  let other: Awaited<ReturnType<typeof createBook>>;
  beforeAll(async () => {
    t = await buildTestApp({ ANSWER_RATE_LIMIT: '100000' });
    alice = await createReader(t.app);
    imported = await createBook(t.database.db, { title: 'Le Horla', author: 'Guy de Maupassant' });
    other = await createBook(t.database.db, { totalPages: 300 });
    await createQuestions(t.database.db, other);
    const csv =
      'Title,Author,Exclusive Shelf,Date Read\nLe Horla,Guy de Maupassant,read,2024/03/05';
    const res = await callAs(t.app, alice).post('/api/me/imports', { csv });
    expect(res.json()).toMatchObject({ added: 1 });
  });
  afterAll(() => t.close());

  const count = async (table: 'user_badges' | 'user_quests' | 'xp_events') => {
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${alice.id}`,
    );
    return Number(rows[0]?.n);
  };

  it('opens neither the chat nor its live room', async () => {
    const read = await callAs(t.app, alice).get(`/api/books/${imported.slug}/chat`);
    expect(read.statusCode).toBe(403);
    expect(read.json().error.message).toBe(chatMessages.accessDenied);
    expect(chatMessages.accessDenied).toBe(
      'Vous devez terminer ce livre pour accéder au salon de discussion',
    );
    const post = await callAs(t.app, alice).post(`/api/books/${imported.slug}/chat`, {
      content: 'Salut',
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().error.message).toBe(chatMessages.accessDenied);
    expect(await chatRoomGuard(t.database.db)(alice.id, imported.id)).toBeNull();
    const { rows } = await t.database.db.execute(
      sql`select 1 from book_chats where author_id = ${alice.id}`,
    );
    expect(rows).toEqual([]);
  });

  it('shows as finished in her own list, and as not started on the book page', async () => {
    const list = await callAs(t.app, alice).get('/api/reading-list');
    const item = list.json().items.find((i: { book: { id: string } }) => i.book.id === imported.id);
    expect(item.progress).toMatchObject({ status: 'completed', segmentsValidated: 0 });
    expect(item.progress.completedAt.slice(0, 10)).toBe('2024-03-05');
    const page = await callAs(t.app, alice).get(`/api/books/${imported.id}/validation`);
    expect(page.json()).toMatchObject({ segment: 1 });
  });

  it('grants no badge, quest or XP, and counts in no figure, even after a validation', async () => {
    expect([
      await count('user_badges'),
      await count('user_quests'),
      await count('xp_events'),
    ]).toEqual([0, 0, 0]);
    const before = await callAs(t.app, alice).get('/api/me/stats');
    expect(before.json()).toMatchObject({ booksRead: 0 });
    await callAs(t.app, alice).post('/api/reading-list', { bookId: other.id });
    const res = await callAs(t.app, alice).post(`/api/books/${other.id}/segments/1/answer`, {
      answer: 'mot1',
    });
    expect(res.json().correct).toBe(true);
    // The first validated book is still to come: 'premier-livre' is not earned by the import.
    const { rows } = await t.database.db.execute<{ slug: string }>(
      sql`select badge_slug as slug from user_badges where user_id = ${alice.id}`,
    );
    expect(rows.map((r) => r.slug)).not.toContain('premier-livre');
    const after = await callAs(t.app, alice).get('/api/me/stats');
    expect(after.json()).toMatchObject({ booksRead: 0, segmentsValidated: 1 });
    const goal = await callAs(t.app, alice).put('/api/me/goals/2024', { kind: 'books', target: 5 });
    expect(goal.json().goal).toMatchObject({ kind: 'books', done: 0 });
    const feed = await t.database.db.execute(
      sql`select 1 from activities where actor_id = ${alice.id} and book_id = ${imported.id}`,
    );
    expect(feed.rows).toEqual([]);
    const profile = await callAs(t.app, alice).get(`/api/profiles/${alice.id}`);
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(profile.json())).not.toContain(imported.id);
  });
});
