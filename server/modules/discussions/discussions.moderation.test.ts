import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccountMessages } from '../../../domain/messages/account';
import { discussionMessages as m } from '../../../domain/messages/discussions';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { discussionEvents, validateSegments } from '../../test/discussions';
import { createAdmin, createBook, createReader, type Reader } from '../../test/factories';

type Book = Awaited<ReturnType<typeof createBook>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const ADMIN = 'moderateur.discussions@lisons.app';

describe('segment discussions: deleting, reporting, blocks, administrators, account data', () => {
  let t: TestApp;
  let book: Book;
  let ana: Reader;
  let ben: Reader;
  let admin: Reader;
  let outsider: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    book = await createBook(t.database.db, { totalPages: 60 });
    [ana, ben, outsider] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ];
    admin = await createAdmin(t, { email: ADMIN });
    for (const reader of [ana, ben, admin]) {
      await validateSegments(t.database.db, reader, book, 1);
    }
  });
  afterAll(() => t.close());

  const page = `/api/books/${'{slug}'}/discussions/1`;
  const url = () => page.replace('{slug}', book.slug);
  const say = async (reader: Reader, content: string, parentId?: string): Promise<string> => {
    const res = await callAs(t.app, reader).post(
      url(),
      parentId ? { content, parentId } : { content },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
  type Thread = {
    id: string;
    content: string | null;
    removed: boolean;
    replies: { content: string }[];
  };
  const threads = async (reader: Reader): Promise<Thread[]> =>
    (await callAs(t.app, reader).get(url())).json().items;
  const contents = async (reader: Reader) =>
    (await threads(reader)).flatMap((i) => [i.content, ...i.replies.map((r) => r.content)]);
  const report = (reader: Reader, id: string) =>
    callAs(t.app, reader).post(`/api/discussions/posts/${id}/report`);
  const openReports = async (id: string) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from segment_post_reports where post_id = ${id} and resolved_at is null`,
        )
      ).rows[0]?.n,
    );

  describe('deleting', () => {
    it('lets the author delete their post: it leaves the discussion, the room is told, its reply notification goes', async () => {
      const root = await say(ana, 'Un message d’Ana');
      const reply = await say(ben, 'Réponse de Ben à effacer', root);
      const notified = async () =>
        (await callAs(t.app, ana).get('/api/notifications'))
          .json()
          .items.filter((n: { meta: { replyId?: string } }) => n.meta.replyId === reply).length;
      expect(await notified()).toBe(1);
      const res = await callAs(t.app, ben).delete(`/api/discussions/posts/${reply}`);
      expect(res.json()).toEqual({ removed: true });
      expect(await contents(ana)).not.toContain('Réponse de Ben à effacer');
      expect(await notified()).toBe(0);
      const events = await discussionEvents(t.database.db, book.id, 1);
      expect(events.at(-1)).toEqual({
        kind: 'discussion.removed',
        data: { id: reply, parentId: root },
      });
      const again = await callAs(t.app, ben).delete(`/api/discussions/posts/${reply}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(m.messageNotFound);
    });

    it('keeps a removed post as « Message supprimé » while it has replies, without its words or author', async () => {
      const root = await say(ana, 'Un message bientôt retiré');
      await say(ben, 'Une réponse qui reste', root);
      await callAs(t.app, ana).delete(`/api/discussions/posts/${root}`);
      const shown = (await threads(ben)).find((i) => i.id === root);
      expect(shown).toMatchObject({ removed: true, content: null, author: null, replyCount: 1 });
      expect(shown?.replies.map((r) => r.content)).toEqual(['Une réponse qui reste']);
      expect(JSON.stringify(await threads(ben))).not.toContain('bientôt retiré');
      // A removed post takes no reply.
      const res = await callAs(t.app, ben).post(url(), { content: 'Trop tard', parentId: root });
      expect(res.statusCode).toBe(404);
      // Without replies a removed post leaves the list altogether.
      const alone = await say(ana, 'Seul et retiré');
      await callAs(t.app, ana).delete(`/api/discussions/posts/${alone}`);
      expect((await threads(ben)).some((i) => i.id === alone)).toBe(false);
    });

    it("refuses another reader's post (403, French) and changes nothing; an administrator may, in the audit trail", async () => {
      const id = await say(ana, 'À moi seule');
      const res = await callAs(t.app, ben).delete(`/api/discussions/posts/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.deleteForbidden);
      expect(await contents(ana)).toContain('À moi seule');
      expect((await callAs(t.app, admin).delete(`/api/discussions/posts/${id}`)).statusCode).toBe(
        200,
      );
      const audit = await t.database.db.execute<{ action: string }>(
        sql`select action from admin_audit where entity_id = ${id}`,
      );
      expect(audit.rows.map((r) => r.action)).toEqual(['discussion_post.remove']);
      expect((await callAs(t.app, ana).delete(`/api/discussions/posts/not-an-id`)).statusCode).toBe(
        400,
      );
      expect(
        (await callAs(t.app, ana).delete(`/api/discussions/posts/${UNKNOWN}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('reporting', () => {
    it('takes one report per reader and post; refuses one’s own, a removed one, or from outside the segment', async () => {
      const id = await say(ana, 'Un message discutable');
      expect((await report(ben, id)).json()).toEqual({ reported: true });
      const twice = await report(ben, id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(m.alreadyReported);
      const own = await report(ana, id);
      expect(own.statusCode).toBe(400);
      expect(own.json().error.message).toBe(m.reportOwn);
      const outside = await report(outsider, id);
      expect(outside.statusCode).toBe(403);
      expect(outside.json().error.message).toBe(m.accessDenied);
      expect(await openReports(id)).toBe(1);
    });
  });

  describe('blocks', () => {
    it('hides the threads of a reader one blocked, or who blocked one, both ways; theirs cannot be replied to or reported', async () => {
      const cleo = await createReader(t.app);
      await validateSegments(t.database.db, cleo, book, 1);
      const byCleo = await say(cleo, 'Message de Cléo');
      const byAna = await say(ana, 'Message d’Ana avant le blocage');
      await say(cleo, 'Réponse de Cléo chez Ana', byAna);
      expect((await callAs(t.app, ana).put(`/api/blocks/${cleo.id}`)).statusCode).toBe(200);
      for (const [who, hidden] of [
        [ana, ['Message de Cléo', 'Réponse de Cléo chez Ana']],
        [cleo, ['Message d’Ana avant le blocage']],
      ] as const) {
        const shown = await contents(who);
        for (const text of hidden) expect(shown).not.toContain(text);
      }
      expect((await report(ana, byCleo)).statusCode).toBe(404);
      const reply = await callAs(t.app, cleo).post(url(), { content: 'Coucou', parentId: byAna });
      expect(reply.statusCode).toBe(404);
      expect(
        (await callAs(t.app, ana).put(`/api/discussions/posts/${byCleo}/booky`)).statusCode,
      ).toBe(404);
      // Counts on the book page leave them out too.
      const summary = (await callAs(t.app, ana).get(`/api/books/${book.slug}/discussions`)).json();
      const withCleo = (await callAs(t.app, ben).get(`/api/books/${book.slug}/discussions`)).json();
      expect(summary.segments[0].readers).toBe(withCleo.segments[0].readers - 1);
      await callAs(t.app, ana).delete(`/api/blocks/${cleo.id}`);
      expect(await contents(ana)).toContain('Message de Cléo');
    });
  });

  describe('the administrators', () => {
    it('keeps their routes to administrators (401 visitor, 403 reader)', async () => {
      for (const who of [null, ben]) {
        for (const [method, path] of [
          ['GET', '/api/admin/discussions/reports'],
          ['POST', `/api/admin/discussions/posts/${UNKNOWN}/remove`],
          ['POST', `/api/admin/discussions/reports/${UNKNOWN}/dismiss`],
        ] as const) {
          const res = await callAs(t.app, who).send(method, path);
          expect(res.statusCode).toBe(who ? 403 : 401);
        }
      }
    });

    it('lists open reports, removes one (out of the discussion and the queue, audited) and dismisses another', async () => {
      const removed = await say(ana, 'Message signalé puis retiré');
      const kept = await say(ana, 'Message signalé puis gardé');
      for (const id of [removed, kept]) await report(ben, id);
      await report(admin, removed);
      const queue = (await callAs(t.app, admin).get('/api/admin/discussions/reports')).json();
      const mine = queue.items.filter((i: { post: { id: string } }) =>
        [removed, kept].includes(i.post.id),
      );
      expect(
        mine.map((i: { post: { id: string }; count: number }) => [i.post.id, i.count]),
      ).toEqual([
        [removed, 2],
        [kept, 1],
      ]);
      expect(mine[0]).toMatchObject({
        post: { content: 'Message signalé puis retiré', segment: 1 },
        author: { id: ana.id },
        book: { id: book.id, slug: book.slug },
      });
      expect(
        (await callAs(t.app, admin).post(`/api/admin/discussions/posts/${removed}/remove`)).json(),
      ).toEqual({ removed: true });
      expect(
        (await callAs(t.app, admin).post(`/api/admin/discussions/reports/${kept}/dismiss`)).json(),
      ).toEqual({ dismissed: 1 });
      expect(
        (await callAs(t.app, admin).post(`/api/admin/discussions/reports/${kept}/dismiss`)).json(),
      ).toEqual({ dismissed: 0 });
      expect(await openReports(removed)).toBe(0);
      expect(await openReports(kept)).toBe(0);
      const shown = await contents(ben);
      expect(shown).not.toContain('Message signalé puis retiré');
      expect(shown).toContain('Message signalé puis gardé');
      const audit = await t.database.db.execute<{ action: string }>(
        sql`select action from admin_audit where entity_id in (${removed}, ${kept}) order by id`,
      );
      expect(audit.rows.map((r) => r.action).sort()).toEqual([
        'discussion_post.remove',
        'discussion_reports.dismiss',
      ]);
    });
  });

  describe('account data', () => {
    it('exports the reader’s own posts, Bookys and reports only, and deletes them with the account', async () => {
      const dora = await createReader(t.app);
      await validateSegments(t.database.db, dora, book, 1);
      const mine = await say(dora, 'Le message de Dora');
      const other = await say(ana, 'Le message d’Ana que Dora aime');
      await callAs(t.app, dora).put(`/api/discussions/posts/${other}/booky`);
      await report(dora, other);
      const exported = (await callAs(t.app, dora).get('/api/account/export')).json();
      const text = JSON.stringify(exported);
      expect(text).toContain('Le message de Dora');
      expect(text).not.toContain('Le message d’Ana que Dora aime');
      expect(text).toContain(other); // her Booky and report name the post, not its words
      const res = await callAs(t.app, dora).post('/api/account/delete', {
        password: dora.password,
      });
      expect(res.json(), res.body).toEqual({ message: deleteAccountMessages.deleted });
      const left = await t.database.db.execute<{ n: number }>(
        sql`select (select count(*) from segment_posts where id = ${mine})
          + (select count(*) from segment_post_bookys where reader_id = ${dora.id})
          + (select count(*) from segment_post_reports where reporter_id = ${dora.id}) as n`,
      );
      expect(Number(left.rows[0]?.n)).toBe(0);
    });
  });
});
