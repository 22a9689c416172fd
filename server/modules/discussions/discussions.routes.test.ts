import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISCUSSION_PAGE_SIZE,
  DISCUSSION_POSTS_PER_MINUTE,
  DISCUSSION_REPLIES_SHOWN,
} from '../../../domain/discussions';
import { discussionMessages as m } from '../../../domain/messages/discussions';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { discussionEvents, validateSegments } from '../../test/discussions';
import { createBook, createReader, type Reader } from '../../test/factories';

type Book = Awaited<ReturnType<typeof createBook>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('segment discussions: who may read and write, posts, replies, counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const url = (book: Book, segment: number) => `/api/books/${book.slug}/discussions/${segment}`;
  const post = (reader: Reader, book: Book, segment: number, body: unknown) =>
    callAs(t.app, reader).post(url(book, segment), body);
  const say = async (
    reader: Reader,
    book: Book,
    segment: number,
    content: string,
    parentId?: string,
  ) => {
    const res = await post(reader, book, segment, parentId ? { content, parentId } : { content });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; content: string };
  };
  const rows = async (book: Book) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from segment_posts where book_id = ${book.id}`,
        )
      ).rows[0]?.n,
    );
  const reader = async (book: Book, validated: number, options?: { joker?: boolean }) => {
    const r = await createReader(t.app);
    await validateSegments(t.database.db, r, book, validated, options);
    return r;
  };

  it('asks a visitor to sign in on every route', async () => {
    const book = await createBook(t.database.db);
    for (const res of [
      await callAs(t.app, null).get(`/api/books/${book.slug}/discussions`),
      await callAs(t.app, null).get(url(book, 1)),
      await callAs(t.app, null).post(url(book, 1), { content: 'Bonjour' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('AUTH_REQUIRED');
    }
  });

  it('opens a segment only to readers who validated it (a joker counts); others get a French 403 and nothing changes', async () => {
    const book = await createBook(t.database.db, { totalPages: 90 });
    const ana = await reader(book, 1);
    const joker = await reader(book, 1, { joker: true });
    const none = await createReader(t.app);
    const two = await reader(book, 2);
    await say(ana, book, 1, 'Le premier chapitre m’a plu.');
    // Validated segment 1 only: segment 2 stays closed, to reading and to writing.
    for (const res of [
      await callAs(t.app, ana).get(url(book, 2)),
      await post(ana, book, 2, { content: 'Je triche' }),
      await callAs(t.app, none).get(url(book, 1)),
      await post(none, book, 1, { content: 'Je triche aussi' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: m.accessDenied });
      expect(res.body).not.toContain('chapitre');
    }
    expect(await rows(book)).toBe(1);
    // A joker's validation opens it like an answer.
    const seen = await callAs(t.app, joker).get(url(book, 1));
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items.map((i: { content: string }) => i.content)).toEqual([
      'Le premier chapitre m’a plu.',
    ]);
    expect(seen.json()).toMatchObject({
      book: { id: book.id, slug: book.slug, title: book.title },
      segment: 1,
      pages: { from: 1, to: 30 },
      nextCursor: null,
    });
    await say(joker, book, 1, 'Avec un joker, mais lu quand même.');
    // A reader further on reads the earlier segments too, by id as by slug.
    const byId = await callAs(t.app, two).get(`/api/books/${book.id}/discussions/1`);
    expect(byId.json().items).toHaveLength(2);
  });

  it('answers 404 for an unknown book, an unpublished one or a segment past the end, 400 for bad input', async () => {
    const book = await createBook(t.database.db, { totalPages: 60 });
    const hidden = await createBook(t.database.db, { isPublished: false });
    const ana = await reader(book, 2);
    await validateSegments(t.database.db, ana, hidden, 1);
    const me = callAs(t.app, ana);
    for (const [path, message] of [
      [`/api/books/${UNKNOWN}/discussions/1`, m.bookNotFound],
      [`/api/books/${hidden.slug}/discussions/1`, m.bookNotFound],
      [`/api/books/${hidden.slug}/discussions`, m.bookNotFound],
      [url(book, 3), m.segmentNotFound],
    ] as const) {
      const res = await me.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.message).toBe(message);
    }
    for (const path of [
      url(book, 0),
      `/api/books/${book.slug}/discussions/un`,
      `/api/books/${book.slug}/discussions/1.5`,
      `/api/books/a%20b/discussions/1`,
      `${url(book, 1)}?before=pas-un-curseur`,
    ]) {
      const res = await me.get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const [body, message] of [
      [{}, m.messageRequired],
      [{ content: '   ' }, m.messageEmpty],
      [{ content: 'é'.repeat(1001) }, m.messageTooLong],
      [{ content: 'Bonjour', parentId: 'pas-un-id' }, m.parentNotFound],
    ] as const) {
      const res = await post(ana, book, 1, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const extra = await post(ana, book, 1, { content: 'Bonjour', authorId: UNKNOWN });
    expect(extra.statusCode).toBe(400);
    expect(await rows(book)).toBe(0);
    // 1 000 characters, emoji counted as one, trimmed.
    const long = await say(ana, book, 1, `  ${'😀'.repeat(1000)}  `);
    expect(long.content).toBe('😀'.repeat(1000));
  });

  it('limits posts per minute with a French 429, changing nothing', async () => {
    const book = await createBook(t.database.db);
    const ana = await reader(book, 1);
    for (let i = 0; i < DISCUSSION_POSTS_PER_MINUTE; i++) await say(ana, book, 1, `Message ${i}`);
    const res = await post(ana, book, 1, { content: 'Un de trop' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(res.json().error.message).toMatch(/[Rr]éessa|attend|minute|secondes/);
    expect(await rows(book)).toBe(DISCUSSION_POSTS_PER_MINUTE);
    // A refused reader spends nothing of the limit: their refusals are not counted.
    const outsider = await createReader(t.app);
    for (let i = 0; i < DISCUSSION_POSTS_PER_MINUTE + 2; i++) {
      expect((await post(outsider, book, 1, { content: 'Non' })).statusCode).toBe(403);
    }
  });

  it('pages threads newest first with their first replies; later replies come from their own route', async () => {
    const book = await createBook(t.database.db);
    const [ana, ben] = [await reader(book, 1), await reader(book, 1)];
    const insert = async (author: Reader, content: string, parentId: string | null, at: string) => {
      const { rows: r } = await t.database.db.execute<{ id: string }>(sql`insert into segment_posts
          (book_id, segment, parent_id, author_id, content, created_at)
        values (${book.id}, 1, ${parentId}, ${author.id}, ${content}, ${at}::timestamptz) returning id`);
      return r[0]?.id as string;
    };
    const ids: string[] = [];
    for (let i = 0; i < DISCUSSION_PAGE_SIZE + 2; i++) {
      ids.push(
        await insert(ana, `Fil ${i}`, null, `2026-11-01T10:${String(i).padStart(2, '0')}:00Z`),
      );
    }
    const newest = ids.at(-1) as string;
    for (let i = 0; i < DISCUSSION_REPLIES_SHOWN + 4; i++) {
      await insert(ben, `Réponse ${i}`, newest, `2026-11-02T10:${String(i).padStart(2, '0')}:00Z`);
    }
    const first = (await callAs(t.app, ana).get(url(book, 1))).json();
    expect(first.items).toHaveLength(DISCUSSION_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      id: newest,
      content: `Fil ${DISCUSSION_PAGE_SIZE + 1}`,
      mine: true,
      replyCount: DISCUSSION_REPLIES_SHOWN + 4,
      parentId: null,
      removed: false,
    });
    expect(first.items[0].replies.map((r: { content: string }) => r.content)).toEqual(
      Array.from({ length: DISCUSSION_REPLIES_SHOWN }, (_, i) => `Réponse ${i}`),
    );
    expect(first.items[0].replies[0]).toMatchObject({ parentId: newest, mine: false });
    const second = (
      await callAs(t.app, ana).get(`${url(book, 1)}?before=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.items.map((i: { content: string }) => i.content)).toEqual(['Fil 1', 'Fil 0']);
    expect(second.nextCursor).toBeNull();

    const lastShown = first.items[0].replies.at(-1);
    void lastShown;
    const all = (await callAs(t.app, ben).get(`/api/discussions/posts/${newest}/replies`)).json();
    expect(all.items).toHaveLength(DISCUSSION_REPLIES_SHOWN + 4);
    expect(all.items[0].mine).toBe(true);
    expect(all.nextCursor).toBeNull();
    // A reader who has not validated the segment gets no reply of it.
    const outsider = await createReader(t.app);
    const refused = await callAs(t.app, outsider).get(`/api/discussions/posts/${newest}/replies`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Réponse');
  });

  it('takes one level of replies, in the same segment, to a post still shown', async () => {
    const book = await createBook(t.database.db, { totalPages: 90 });
    const [ana, ben] = [await reader(book, 2), await reader(book, 2)];
    const root = await say(ana, book, 1, 'Un message');
    const reply = await say(ben, book, 1, 'Une réponse', root.id);
    expect(reply).toMatchObject({ parentId: root.id, segment: 1 });
    const deeper = await post(ana, book, 1, {
      content: 'Une réponse à la réponse',
      parentId: reply.id,
    });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().error.message).toBe(m.replyToReply);
    for (const parentId of [UNKNOWN, root.id]) {
      // Unknown, or a post of another segment.
      const res = await post(ana, book, 2, { content: 'Ailleurs', parentId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.parentNotFound);
    }
    expect(await rows(book)).toBe(2);
  });

  it('shows the book page every segment: readers talking everywhere, posts only where open, never a word', async () => {
    const book = await createBook(t.database.db, { totalPages: 100 });
    const [ana, ben, cleo] = [await reader(book, 2), await reader(book, 1), await reader(book, 0)];
    await say(ana, book, 1, 'Secret du passage un');
    const root = await say(ben, book, 1, 'Autre secret du passage un');
    await say(ana, book, 1, 'Réponse secrète', root.id);
    await say(ana, book, 2, 'Secret du passage deux');
    const summary = (who: Reader) => callAs(t.app, who).get(`/api/books/${book.slug}/discussions`);
    const forCleo = await summary(cleo);
    expect(forCleo.statusCode).toBe(200);
    expect(forCleo.json()).toEqual({
      book: { id: book.id, slug: book.slug, title: book.title },
      segments: [
        { segment: 1, from: 1, to: 30, open: false, readers: 2, posts: null },
        { segment: 2, from: 31, to: 60, open: false, readers: 1, posts: null },
        { segment: 3, from: 61, to: 90, open: false, readers: 0, posts: null },
        { segment: 4, from: 91, to: 100, open: false, readers: 0, posts: null },
      ],
      salonOpen: false,
    });
    expect(forCleo.body).not.toContain('secret');
    const forBen = (await summary(ben)).json();
    expect(forBen.segments.slice(0, 2)).toEqual([
      { segment: 1, from: 1, to: 30, open: true, readers: 2, posts: 3 },
      { segment: 2, from: 31, to: 60, open: false, readers: 1, posts: null },
    ]);
    const done = await reader(book, 4);
    expect((await summary(done)).json().salonOpen).toBe(true);
  });

  it('tells the room of each new post, a reply tells its parent’s author (without its words), as they allow', async () => {
    const book = await createBook(t.database.db);
    const [ana, ben] = [await reader(book, 1), await reader(book, 1)];
    const root = await say(ana, book, 1, 'Qui a aimé le début ?');
    const own = await say(ana, book, 1, 'Moi, et je me réponds', root.id);
    const reply = await say(ben, book, 1, 'Moi aussi, la scène du bal', root.id);
    const events = await discussionEvents(t.database.db, book.id, 1);
    expect(events.map((e) => [e.kind, e.data.id])).toEqual([
      ['discussion.post', root.id],
      ['discussion.post', own.id],
      ['discussion.post', reply.id],
    ]);
    expect(events[2]?.data).toMatchObject({
      mine: false,
      parentId: root.id,
      author: { id: ben.id },
    });
    const bell = (await callAs(t.app, ana).get('/api/notifications')).json();
    const replies = bell.items.filter((n: { type: string }) => n.type === 'discussion_reply');
    // One, Ben's: never for her own reply.
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      actor: { id: ben.id },
      book: { id: book.id, slug: book.slug },
      meta: { segment: 1, from: 1, to: 30, postId: root.id, replyId: reply.id },
    });
    expect(JSON.stringify(bell)).not.toContain('bal');

    // Ana turns them off: the next reply tells her nothing; her digest choice is untouched.
    const off = await callAs(t.app, ana).put('/api/notifications/preferences', {
      discussionReplies: false,
    });
    expect(off.json()).toEqual({ weeklyDigestEmail: false, discussionReplies: false });
    await say(ben, book, 1, 'Encore moi', root.id);
    const after = (await callAs(t.app, ana).get('/api/notifications')).json();
    expect(after.items.filter((n: { type: string }) => n.type === 'discussion_reply')).toHaveLength(
      1,
    );
    expect((await callAs(t.app, ana).get('/api/notifications/preferences')).json()).toEqual({
      weeklyDigestEmail: false,
      discussionReplies: false,
    });
    const bad = await callAs(t.app, ana).put('/api/notifications/preferences', {});
    expect(bad.statusCode).toBe(400);
  });

  it('counts Bookys once per reader, never on one’s own post, only where the reader may read', async () => {
    const book = await createBook(t.database.db);
    const [ana, ben] = [await reader(book, 1), await reader(book, 1)];
    const outsider = await createReader(t.app);
    const root = await say(ana, book, 1, 'Un beau passage');
    const booky = `/api/discussions/posts/${root.id}/booky`;
    expect((await callAs(t.app, ben).put(booky)).json()).toEqual({ bookys: 1, bookedByMe: true });
    expect((await callAs(t.app, ben).put(booky)).json()).toEqual({ bookys: 1, bookedByMe: true });
    const page = (await callAs(t.app, ben).get(url(book, 1))).json();
    expect(page.items[0]).toMatchObject({ bookys: 1, bookedByMe: true });
    const own = await callAs(t.app, ana).put(booky);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(m.bookyOwn);
    const closed = await callAs(t.app, outsider).put(booky);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.message).toBe(m.accessDenied);
    expect((await callAs(t.app, ben).delete(booky)).json()).toEqual({
      bookys: 0,
      bookedByMe: false,
    });
    expect((await callAs(t.app, ben).delete(booky)).json()).toEqual({
      bookys: 0,
      bookedByMe: false,
    });
    expect(
      (await callAs(t.app, ben).put(`/api/discussions/posts/${UNKNOWN}/booky`)).statusCode,
    ).toBe(404);
  });
});
