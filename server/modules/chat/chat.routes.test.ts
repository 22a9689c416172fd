import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PAGE_SIZE, CHAT_POSTS_PER_MINUTE } from '../../../domain/chat';
import { chatMessages as m } from '../../../domain/messages/chat';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { messageRow, roomEvents, setProgress } from '../../test/chat';
import { createBook, createReader, type Reader } from '../../test/factories';

type Book = Awaited<ReturnType<typeof createBook>>;

describe('the finished-book chat: access, reading and posting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const room = (book: Book) => `/api/books/${book.slug}/chat`;
  const post = (reader: Reader, book: Book, content: unknown) =>
    callAs(t.app, reader).post(room(book), { content });
  const finisher = async (book: Book) => {
    const reader = await createReader(t.app);
    await setProgress(t.database.db, reader, book, 'completed');
    return reader;
  };
  const count = async (book: Book) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from book_chats where book_id = ${book.id}`,
        )
      ).rows[0]?.n,
    );

  it('asks a visitor to sign in, on reading and on posting', async () => {
    const book = await createBook(t.database.db);
    for (const res of [
      await callAs(t.app, null).get(room(book)),
      await callAs(t.app, null).post(room(book), { content: 'Bonjour' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('AUTH_REQUIRED');
    }
  });

  it('lets in only readers who finished the book; the others get the spec sentence (403)', async () => {
    const book = await createBook(t.database.db);
    const none = await createReader(t.app);
    const started = await createReader(t.app);
    const listed = await createReader(t.app);
    const removed = await createReader(t.app);
    await setProgress(t.database.db, started, book, 'in_progress');
    await setProgress(t.database.db, listed, book, 'to_read');
    await setProgress(t.database.db, removed, book, 'removed');
    // No progress at all is refused too: the old app's hole is closed.
    for (const reader of [none, started, listed, removed]) {
      for (const res of [
        await callAs(t.app, reader).get(room(book)),
        await post(reader, book, 'Bonjour à tous'),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: m.accessDenied });
      }
    }
    expect(m.accessDenied).toBe('Vous devez terminer ce livre pour accéder au salon de discussion');
    expect(await count(book)).toBe(0);

    const done = await finisher(book);
    const res = await callAs(t.app, done).get(room(book));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      book: { id: book.id, slug: book.slug, title: book.title },
      items: [],
      nextCursor: null,
    });
  });

  it('answers 404 in French for an unknown or unpublished book, and for a bad slug 400', async () => {
    const reader = await createReader(t.app);
    const hidden = await createBook(t.database.db, { isPublished: false });
    await setProgress(t.database.db, reader, hidden, 'completed');
    for (const url of ['/api/books/livre-inconnu/chat', room(hidden)]) {
      const res = await callAs(t.app, reader).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: m.bookNotFound });
    }
    const bad = await callAs(t.app, reader).get('/api/books/%3Cscript%3E/chat');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(m.bookRefInvalid);
  });

  it('posts a trimmed message, returns it as the list shows it, and publishes it to the room', async () => {
    const book = await createBook(t.database.db);
    const ana = await finisher(book);
    const res = await post(ana, book, '   Quel final !\n  ');
    expect(res.statusCode).toBe(201);
    const message = res.json();
    expect(message).toMatchObject({
      bookId: book.id,
      content: 'Quel final !',
      authorId: ana.id,
      author: { id: ana.id, name: expect.stringMatching(/ \d+$/), avatar: null },
      mine: true,
    });
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);
    expect((await messageRow(t.database.db, message.id))?.content).toBe('Quel final !');

    // The live event is the same message, for everyone in the room (mine: false).
    expect(await roomEvents(t.database.db, book.id)).toEqual([
      { kind: 'chat.message', data: { ...message, mine: false }, reader_id: null },
    ]);

    const list = await callAs(t.app, ana).get(room(book));
    expect(list.json().items).toEqual([message]);
    const ben = await finisher(book);
    const seenByBen = await callAs(t.app, ben).get(room(book));
    expect(seenByBen.json().items).toEqual([{ ...message, mine: false }]);
  });

  it('refuses an empty, blank, missing or too long message in French, and writes nothing', async () => {
    const book = await createBook(t.database.db);
    const ana = await finisher(book);
    const cases: [unknown, string][] = [
      ['', m.messageEmpty],
      ['   \n\t ', m.messageEmpty],
      ['é'.repeat(501), m.messageTooLong],
      [42, m.messageRequired],
    ];
    for (const [content, message] of cases) {
      const res = await post(ana, book, content);
      expect(res.statusCode, String(content)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const extra = await callAs(t.app, ana).post(room(book), { content: 'Salut', authorId: ana.id });
    expect(extra.statusCode).toBe(400);
    expect(await count(book)).toBe(0);
    expect(await roomEvents(t.database.db, book.id)).toEqual([]);
  });

  it('accepts exactly 500 characters after trimming, an emoji counting one', async () => {
    const book = await createBook(t.database.db);
    const ana = await finisher(book);
    const res = await post(ana, book, `  ${'a'.repeat(500)}  `);
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toHaveLength(500);
    const emoji = await post(ana, book, '📚'.repeat(500));
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().content).toBe('📚'.repeat(500));
  });

  it('stores markup as text and gives it back unchanged', async () => {
    const book = await createBook(t.database.db);
    const ana = await finisher(book);
    const text = '<img src=x onerror="alert(1)"> & <b>gras</b>';
    const res = await post(ana, book, text);
    expect(res.json().content).toBe(text);
    expect((await callAs(t.app, ana).get(room(book))).json().items[0].content).toBe(text);
  });

  it(`limits posting to ${CHAT_POSTS_PER_MINUTE} messages a minute per reader (429, French)`, async () => {
    const book = await createBook(t.database.db);
    const other = await createBook(t.database.db);
    const ana = await finisher(book);
    await setProgress(t.database.db, ana, other, 'completed');
    const ben = await finisher(book);
    for (let i = 0; i < CHAT_POSTS_PER_MINUTE; i++) {
      expect((await post(ana, book, `Message ${i}`)).statusCode).toBe(201);
    }
    // Across rooms: the limit is the reader's.
    const over = await post(ana, other, 'Encore un');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(over.json().error.message).toMatch(/^Trop de tentatives\. Réessaie dans 1\u00a0min\.$/);
    expect(await count(other)).toBe(0);
    // Another reader is not held back.
    expect((await post(ben, book, 'Moi aussi')).statusCode).toBe(201);
  });

  it('shows the latest 100, oldest first, then older ones page by page with the cursor', async () => {
    const book = await createBook(t.database.db);
    const ana = await finisher(book);
    const total = CHAT_PAGE_SIZE + 30;
    // Written straight, one a second in the past, so the order is known.
    await t.database.db.execute(sql`insert into book_chats (book_id, author_id, content, created_at)
      select ${book.id}, ${ana.id}, 'Message ' || n, now() - make_interval(secs => ${total} - n)
      from generate_series(1, ${total}) n`);
    const first = (await callAs(t.app, ana).get(room(book))).json();
    expect(first.items).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.items[0].content).toBe('Message 31');
    expect(first.items.at(-1).content).toBe(`Message ${total}`);
    expect(first.nextCursor).toEqual(expect.any(String));

    const older = await callAs(t.app, ana).get(
      `${room(book)}?before=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(older.statusCode).toBe(200);
    const contents = older.json().items.map((i: { content: string }) => i.content);
    expect(contents).toEqual(Array.from({ length: 30 }, (_, i) => `Message ${i + 1}`));
    expect(older.json().nextCursor).toBeNull();

    const forged = await callAs(t.app, ana).get(`${room(book)}?before=pas-un-curseur`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(m.invalidCursor);
  });

  it('checks access again on every request: a reader whose book leaves the list is refused', async () => {
    const book = await createBook(t.database.db);
    const ana = await finisher(book);
    expect((await callAs(t.app, ana).get(room(book))).statusCode).toBe(200);
    await setProgress(t.database.db, ana, book, 'removed');
    expect((await callAs(t.app, ana).get(room(book))).statusCode).toBe(403);
    expect((await post(ana, book, 'Encore là ?')).statusCode).toBe(403);
  });
});
