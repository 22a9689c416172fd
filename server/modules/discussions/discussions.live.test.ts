import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionRoom } from '../../../domain/live';
import { liveMessages } from '../../../domain/messages/live';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { validateSegments } from '../../test/discussions';
import { createBook, createReader, type Reader } from '../../test/factories';
import { type LiveClient, openLive } from '../../test/live';

// A segment's discussion as browser tabs see it on a listening server: its room lets in only
// the readers who validated the segment, live and on replay; nothing of it reaches anyone else.

describe('the live room of a segment’s discussion', () => {
  let t: TestApp;
  let base: string;
  const open: LiveClient[] = [];
  const tab = async (reader: Reader, options?: Parameters<typeof openLive>[2]) => {
    const client = await openLive(base, reader.cookie, options);
    open.push(client);
    return client;
  };
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  const say = async (
    reader: Reader,
    slug: string,
    segment: number,
    content: string,
    parentId?: string,
  ) => {
    const res = await callAs(t.app, reader).post(
      `/api/books/${slug}/discussions/${segment}`,
      parentId ? { content, parentId } : { content },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };

  it('brings a post to the tabs of readers who validated the segment, and refuses the room to the others', async () => {
    const book = await createBook(t.database.db, { totalPages: 90 });
    const [ana, ben, cleo] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ];
    await validateSegments(t.database.db, ana, book, 1);
    await validateSegments(t.database.db, ben, book, 1, { joker: true });
    const one = discussionRoom(book.id, 1);
    const benTab = await tab(ben, { room: one });
    await benTab.next('ready');
    for (const room of [
      one,
      discussionRoom(book.id, 2),
      `discussion:${book.id}`,
      'discussion:x-1',
    ]) {
      const refused = await fetch(`${base}/api/live?room=${encodeURIComponent(room)}`, {
        headers: { cookie: cleo.cookie },
      });
      expect(refused.status, room).toBe(403);
      expect((await refused.json()).error.message).toBe(liveMessages.roomRefused);
    }
    const posted = await say(ana, book.slug, 1, 'Le bal au chapitre trois !');
    const frame = await benTab.next('discussion.post', (d) => d.id === posted.id);
    expect(frame.data).toMatchObject({
      content: 'Le bal au chapitre trois !',
      segment: 1,
      author: { id: ana.id },
      mine: false,
    });
  });

  it('replays only the segment the tab may read, and never a post removed since', async () => {
    const book = await createBook(t.database.db, { totalPages: 90 });
    const [ana, ben, dan] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ];
    await validateSegments(t.database.db, ana, book, 2);
    await validateSegments(t.database.db, ben, book, 1);
    await validateSegments(t.database.db, dan, book, 2);
    const start =
      (await (await tab(ben, { room: discussionRoom(book.id, 1) })).next('ready')).id ?? '0';
    const kept = await say(ana, book.slug, 1, 'Passage un, gardé');
    const removed = await say(ana, book.slug, 1, 'Passage un, bientôt retiré');
    await say(ana, book.slug, 2, 'Passage deux, que Ben n’a pas lu');
    await callAs(t.app, ana).delete(`/api/discussions/posts/${removed.id}`);

    // Ben's tab comes back after all of it: segment 1 as it stands, nothing of segment 2.
    const back = await tab(ben, { room: discussionRoom(book.id, 1), lastEventId: start });
    await back.next('discussion.post', (d) => d.id === kept.id);
    await back.next('discussion.removed', (d) => d.id === removed.id);
    const text = JSON.stringify(back.frames);
    expect(text).not.toContain('bientôt retiré');
    expect(text).not.toContain('Passage deux');
    // Dan, who read both, replays segment 2 from the same point and sees only it.
    const dans = await tab(dan, { room: discussionRoom(book.id, 2), after: start });
    await dans.next('discussion.post', (d) => d.segment === 2);
    expect(JSON.stringify(dans.frames)).not.toContain('Passage un');
  });

  it('tells a reply’s parent author on their own stream, with no word of the reply', async () => {
    const book = await createBook(t.database.db);
    const [ana, ben] = [await createReader(t.app), await createReader(t.app)];
    for (const r of [ana, ben]) await validateSegments(t.database.db, r, book, 1);
    const anaTab = await tab(ana);
    const start = (await anaTab.next('ready')).id ?? '0';
    const root = await say(ana, book.slug, 1, 'Mon avis');
    await say(ben, book.slug, 1, 'La fin du chapitre est géniale', root.id);
    const note = await anaTab.next('notification', (n) => n.type === 'discussion_reply');
    expect(note.data).toMatchObject({ actor: { id: ben.id }, meta: { segment: 1 } });
    const replay = await tab(ana, { after: start });
    await replay.next('notification', (n) => n.type === 'discussion_reply');
    for (const client of [anaTab, replay]) {
      expect(JSON.stringify(client.frames)).not.toContain('géniale');
    }
  });
});
