import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { setProgress } from '../../test/chat';
import { createBook, createReader, type Reader } from '../../test/factories';
import { type LiveClient, openLive } from '../../test/live';

type Book = Awaited<ReturnType<typeof createBook>>;

// The chat's room on the live channel as a browser tab sees it: a real HTTP stream on a
// listening server, the room guard wired by app.ts.
describe('a chat room on the live stream', () => {
  let t: TestApp;
  let base: string;
  let book: Book;
  let ana: Reader;
  let ben: Reader;
  let cleo: Reader;
  const open: LiveClient[] = [];
  const tab = async (reader: Reader) => {
    const client = await openLive(base, reader.cookie, { room: `chat:${book.id}` });
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    book = await createBook(t.database.db);
    [ana, ben, cleo] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ];
    for (const r of [ana, ben, cleo]) await setProgress(t.database.db, r, book, 'completed');
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('refuses the room to a reader who has not finished the book, before streaming', async () => {
    const dan = await createReader(t.app);
    await setProgress(t.database.db, dan, book, 'in_progress');
    const res = await fetch(`${base}/api/live?room=chat:${book.id}`, {
      headers: { cookie: dan.cookie, accept: 'text/event-stream' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await res.json()).error.code).toBe('FORBIDDEN');
  });

  it("brings a message to every finisher's open tab, its removal too, but not to a reader who blocked its author", async () => {
    await callAs(t.app, cleo).put(`/api/blocks/${ana.id}`);
    const [anaTab, benTab, cleoTab] = [await tab(ana), await tab(ben), await tab(cleo)];
    for (const client of [anaTab, benTab, cleoTab]) expect(client.status).toBe(200);
    await Promise.all([anaTab, benTab, cleoTab].map((c) => c.next('ready')));

    const posted = await callAs(t.app, ana).post(`/api/books/${book.slug}/chat`, {
      content: 'En direct',
    });
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json();
    const atBen = await benTab.next('chat.message', (data) => data.id === id);
    expect(atBen.data).toEqual({ ...posted.json(), mine: false });
    await anaTab.next('chat.message', (data) => data.id === id);

    // Ben then writes: Cléo sees his message, never Ana's.
    const fromBen = (
      await callAs(t.app, ben).post(`/api/books/${book.slug}/chat`, { content: 'Moi aussi' })
    ).json();
    await cleoTab.next('chat.message', (data) => data.id === fromBen.id);
    const seenByCleo = cleoTab.frames.filter((f) => f.event === 'chat.message');
    expect(seenByCleo.map((f) => (f.data as { id: string }).id)).toEqual([fromBen.id]);

    await callAs(t.app, ana).delete(`/api/chat/messages/${id}`);
    expect((await benTab.next('chat.removed', (data) => data.id === id)).data).toEqual({ id });
  });
});
