import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { setProgress } from '../../test/chat';
import { createBook, createReader, type Reader } from '../../test/factories';
import { chatRoomGuard } from './chat.live';

type Book = Awaited<ReturnType<typeof createBook>>;

describe('the chat room guard of the live channel', () => {
  let t: TestApp;
  let book: Book;
  let ana: Reader;
  let ben: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    book = await createBook(t.database.db);
    ana = await createReader(t.app);
    ben = await createReader(t.app);
    for (const r of [ana, ben]) await setProgress(t.database.db, r, book, 'completed');
  });
  afterAll(() => t.close());

  const message = (authorId: string) => ({
    kind: 'chat.message',
    data: { id: 'm', content: 'Bonjour', authorId },
  });

  it('refuses readers who have not finished the book, unknown books and malformed keys', async () => {
    const guard = chatRoomGuard(t.database.db);
    const started = await createReader(t.app);
    const none = await createReader(t.app);
    await setProgress(t.database.db, started, book, 'in_progress');
    expect(await guard(started.id, book.id)).toBeNull();
    expect(await guard(none.id, book.id)).toBeNull();
    expect(await guard(ana.id, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await guard(ana.id, book.slug)).toBeNull();
    expect(await guard(ana.id, "x' or 1=1 --")).toBeNull();
    const hidden = await createBook(t.database.db, { isPublished: false });
    await setProgress(t.database.db, ana, hidden, 'completed');
    expect(await guard(ana.id, hidden.id)).toBeNull();
  });

  it('lets a finisher in and passes every event of readers not hidden from them', async () => {
    const filter = await chatRoomGuard(t.database.db)(ana.id, book.id);
    expect(filter).toEqual(expect.any(Function));
    expect(filter?.(message(ben.id))).toBe(true);
    expect(filter?.(message(ana.id))).toBe(true);
    expect(filter?.({ kind: 'chat.removed', data: { id: 'm' } })).toBe(true);
  });

  it("hides a blocked reader's new messages either way, and picks up a later block", async () => {
    let clock = 1_000_000;
    const guard = chatRoomGuard(t.database.db, { now: () => clock, refreshMs: 30_000 });
    const cleo = await createReader(t.app);
    await setProgress(t.database.db, cleo, book, 'completed');
    await callAs(t.app, cleo).put(`/api/blocks/${ben.id}`);

    const forBen = await guard(ben.id, book.id);
    const forCleo = await guard(cleo.id, book.id);
    expect(forBen?.(message(cleo.id))).toBe(false); // blocked by Cléo
    expect(forCleo?.(message(ben.id))).toBe(false); // blocked Ben
    expect(forBen?.(message(ana.id))).toBe(true);
    // A removal says only an id: it passes (nothing of the author is shown).
    expect(forBen?.({ kind: 'chat.removed', data: { id: 'm' } })).toBe(true);

    // Ana blocks Cléo while both tabs stay subscribed: the lists are read again once stale.
    const forAna = await guard(ana.id, book.id);
    expect(forAna?.(message(cleo.id))).toBe(true);
    await callAs(t.app, ana).put(`/api/blocks/${cleo.id}`);
    expect(forAna?.(message(cleo.id))).toBe(true); // still fresh: not read again yet
    clock += 30_000;
    forAna?.(message(ben.id)); // starts the read
    await vi.waitFor(() => expect(forAna?.(message(cleo.id))).toBe(false));
    await vi.waitFor(() => {
      clock += 30_000;
      expect(forCleo?.(message(ana.id))).toBe(false);
    });
  });
});
