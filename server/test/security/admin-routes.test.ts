import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountMessages } from '../../../domain/messages/accounts';
import { limited, writeLimits } from '../../modules/rate-limits/route-limits';
import { requireAdmin } from '../../plugins/auth';
import { buildTestApp, type TestApp } from '../app';
import { createBook, createQuestions, createReader, type Reader } from '../factories';
import { appRoutes, type Ids, type Route, validRequest } from './route-inputs';
import { caller, expectFrenchError, grantFlags } from './security-helpers';

// Generated from the app's route table: every administrator route (under /api/admin, or
// guarded by requireAdmin in its own options) refuses a reader, and every administrator
// write leaves a row in the audit trail (decision 025). A route added later is swept
// without being listed; a write the generic request cannot make succeed needs a fixture.
let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Reader;
let alice: Reader;
let bruno: Reader;
let ids: Ids;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, alice, bruno] = [
    await createReader(t.app),
    await createReader(t.app),
    await createReader(t.app),
  ] as [Reader, Reader, Reader];
  await grantFlags(t, admin.id);
  await t.app.ready();
  api = caller(t.app);
  const book = await createBook(t.database.db, { totalPages: 60 });
  ids = { uuids: [book.id], slugs: [book.slug] };
});
afterAll(() => t.close());

const isWrite = (r: Route) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
const isAdminRoute = (r: Route) =>
  r.url.startsWith('/api/admin/') || [r.contract.preHandler].flat().includes(requireAdmin);

type Call = {
  url: string;
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
  /** What the route answers when it did its work (a 2xx unless said). */
  status?: number;
};

let counter = 0;
const db = () => t.database.db;
const png = () =>
  sharp({ create: { width: 800, height: 1200, channels: 3, background: '#7a3b26' } })
    .png()
    .toBuffer();
const asAdmin = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await api.call(admin, method, url, { payload });
  if (res.statusCode >= 300) throw new Error(`fixture: ${res.statusCode} ${res.body}`);
  return res.json();
};
const newPost = (extra: object = {}) => {
  counter += 1;
  return asAdmin('POST', '/api/admin/blog/posts', {
    title: `Article audité ${counter}`,
    markdown: 'Du texte.',
    ...extra,
  });
};
const newMessage = async () => {
  const book = await createBook(db(), { totalPages: 60 });
  const rows = await db().execute<{ id: string }>(
    sql`insert into book_chats (book_id, author_id, content)
        values (${book.id}, ${alice.id}, 'Un message') returning id`,
  );
  return rows.rows[0]?.id ?? '';
};

const newDiscussionPost = async () => {
  const book = await createBook(db(), { totalPages: 60 });
  const rows = await db().execute<{ id: string }>(
    sql`insert into segment_posts (book_id, segment, author_id, content)
        values (${book.id}, 1, ${alice.id}, 'Un message de discussion') returning id`,
  );
  return rows.rows[0]?.id ?? '';
};

/** A call that does its work, for the routes the generic valid request cannot satisfy. */
const fixtures: Record<string, () => Promise<Call>> = {
  'PATCH /api/admin/book-requests/:id': async () => {
    const rows = await db().execute<{ id: string }>(
      sql`insert into book_requests (user_id, book_title) values (${alice.id}, 'Un livre')
          returning id`,
    );
    return {
      url: `/api/admin/book-requests/${rows.rows[0]?.id}`,
      payload: { status: 'processing' },
    };
  },
  'PUT /api/admin/books/:id/cover': async () => ({
    url: `/api/admin/books/${(await createBook(db())).id}/cover`,
    payload: await png(),
    headers: { 'content-type': 'image/png' },
  }),
  'POST /api/admin/books/:id/merge': async () => ({
    url: `/api/admin/books/${(await createBook(db())).id}/merge`,
    payload: { into: (await createBook(db())).id },
  }),
  'POST /api/admin/books/:id/confirm': async () => ({
    url: `/api/admin/books/${(await createBook(db(), { confirmed: false })).id}/confirm`,
  }),
  'POST /api/admin/auto-covers/batches': async () => ({
    url: '/api/admin/auto-covers/batches',
    payload: { group: 'all', limit: 1 },
  }),
  'POST /api/admin/chat/messages/:id/remove': async () => ({
    url: `/api/admin/chat/messages/${await newMessage()}/remove`,
  }),
  'POST /api/admin/chat/reports/:messageId/dismiss': async () => {
    const id = await newMessage();
    await db().execute(
      sql`insert into chat_reports (message_id, reporter_id) values (${id}, ${bruno.id})`,
    );
    return { url: `/api/admin/chat/reports/${id}/dismiss` };
  },
  'POST /api/admin/discussions/posts/:id/remove': async () => ({
    url: `/api/admin/discussions/posts/${await newDiscussionPost()}/remove`,
  }),
  'POST /api/admin/discussions/reports/:postId/dismiss': async () => {
    const id = await newDiscussionPost();
    await db().execute(
      sql`insert into segment_post_reports (post_id, reporter_id) values (${id}, ${bruno.id})`,
    );
    return { url: `/api/admin/discussions/reports/${id}/dismiss` };
  },
  'POST /api/admin/books': async () => {
    counter += 1;
    return {
      url: '/api/admin/books',
      payload: { title: `Livre audité ${counter}`, author: 'Auteur', totalPages: 95 },
    };
  },
  'PATCH /api/admin/books/:id': async () => ({
    url: `/api/admin/books/${(await createBook(db())).id}`,
    payload: { description: 'Une autre description.' },
  }),
  'DELETE /api/admin/books/:id': async () => ({
    url: `/api/admin/books/${(await createBook(db())).id}`,
  }),
  'PUT /api/admin/books/:id/questions/:segment': async () => ({
    url: `/api/admin/books/${(await createBook(db(), { totalPages: 60 })).id}/questions/1`,
    payload: { question: 'Qui ?', answer: 'Pangloss' },
  }),
  'DELETE /api/admin/books/:id/questions/:segment': async () => {
    const book = await createBook(db(), { totalPages: 60 });
    await createQuestions(db(), book);
    return { url: `/api/admin/books/${book.id}/questions/1` };
  },
  'POST /api/admin/books/:id/questions/import': async () => ({
    url: `/api/admin/books/${(await createBook(db(), { totalPages: 60 })).id}/questions/import`,
    payload: { format: 'csv', content: '1;Qui ?;Pangloss\n2;Où ?;Lisbonne' },
  }),
  'PUT /api/admin/deploy-webhook': async () => ({
    url: '/api/admin/deploy-webhook',
    payload: { url: 'https://exemple.fr/hook' },
  }),
  // Nobody listens on port 9: the trigger is made, fails, and is recorded with its outcome.
  'POST /api/admin/deploy-webhook/trigger': async () => {
    await asAdmin('PUT', '/api/admin/deploy-webhook', { url: 'https://127.0.0.1:9/hook' });
    return { url: '/api/admin/deploy-webhook/trigger', status: 503 };
  },
  'POST /api/admin/blog/posts': async () => {
    counter += 1;
    return {
      url: '/api/admin/blog/posts',
      payload: { title: `Article neuf ${counter}`, markdown: 'Du texte.' },
    };
  },
  'PUT /api/admin/blog/posts/:id': async () => ({
    url: `/api/admin/blog/posts/${(await newPost()).id}`,
    payload: { title: 'Titre changé', markdown: 'Autre texte.' },
  }),
  'DELETE /api/admin/blog/posts/:id': async () => ({
    url: `/api/admin/blog/posts/${(await newPost()).id}`,
  }),
  'POST /api/admin/blog/posts/:id/publish': async () => ({
    url: `/api/admin/blog/posts/${(await newPost()).id}/publish`,
  }),
  'POST /api/admin/blog/posts/:id/schedule': async () => ({
    url: `/api/admin/blog/posts/${(await newPost()).id}/schedule`,
    payload: { publishedAt: new Date(Date.now() + 86_400_000).toISOString() },
  }),
  'POST /api/admin/blog/posts/:id/unpublish': async () => ({
    url: `/api/admin/blog/posts/${(await newPost({ published: true })).id}/unpublish`,
  }),
  'PUT /api/admin/blog/images': async () => ({
    url: '/api/admin/blog/images',
    payload: await png(),
    headers: { 'content-type': 'image/png' },
  }),
};

/** Administrator POSTs that change nothing, so leave nothing to record (with why). */
const readOnly: Record<string, string> = {
  'POST /api/admin/blog/preview': 'renders Markdown into HTML, stores nothing',
};

const nameOf = (r: Route) => `${r.method} ${r.url}`;

async function callOf(route: Route): Promise<Call> {
  const fixture = fixtures[nameOf(route)];
  if (fixture) return fixture();
  const { url, options } = validRequest(route, ids);
  const query = new URLSearchParams(options.query).toString();
  return {
    url: query ? `${url}?${query}` : url,
    ...('payload' in options ? { payload: options.payload } : {}),
  };
}

const auditCount = async () =>
  Number(
    (
      await db().execute<{ n: number }>(
        sql`select count(*)::int as n from admin_audit where admin_id = ${admin.id}`,
      )
    ).rows[0]?.n,
  );

/** Each administrator write of `routes` that answered as done without a new audit row. */
async function unrecorded(app: TestApp['app'], routes: Route[]): Promise<string[]> {
  const probe = caller(app);
  const problems: string[] = [];
  for (const route of routes.filter((r) => isAdminRoute(r) && isWrite(r))) {
    if (readOnly[nameOf(route)]) continue;
    const call = await callOf(route);
    const before = await auditCount();
    const res = await probe.call(admin, route.method as 'POST', call.url, call);
    const done = call.status ? res.statusCode === call.status : res.statusCode < 300;
    const where = `${nameOf(route)} → ${res.statusCode} ${res.body.slice(0, 150)}`;
    if (!done) problems.push(`not done: ${where}`);
    else if ((await auditCount()) <= before) problems.push(`not recorded: ${where}`);
  }
  return problems;
}

describe('every administrator write', () => {
  it('adds a row to the audit trail', async () => {
    const routes = appRoutes(t.app);
    const writes = routes.filter((r) => isAdminRoute(r) && isWrite(r)).map(nameOf);
    expect(writes.length).toBeGreaterThanOrEqual(20);
    expect(writes).toEqual(
      expect.arrayContaining([
        'POST /api/admin/chat/messages/:id/remove',
        'POST /api/admin/chat/reports/:messageId/dismiss',
        'POST /api/admin/discussions/posts/:id/remove',
        'POST /api/admin/discussions/reports/:postId/dismiss',
      ]),
    );
    expect(await unrecorded(t.app, routes)).toEqual([]);
  });

  it('an administrator deleting someone’s chat message is recorded, their own is not', async () => {
    const theirs = await newMessage();
    const before = await auditCount();
    const res = await api.call(admin, 'DELETE', `/api/chat/messages/${theirs}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db().execute<{ action: string; entity_id: string; before: unknown }>(
      sql`select action, entity_id, before from admin_audit
          where admin_id = ${admin.id} order by created_at desc, id limit 1`,
    );
    expect(await auditCount()).toBe(before + 1);
    expect(rows.rows[0]).toMatchObject({
      action: 'chat_message.remove',
      entity_id: theirs,
      before: { authorId: alice.id },
    });
  });

  it('catches one added later that records nothing (planted, in and out of /api/admin)', async () => {
    const other = await buildTestApp({}, { database: t.database });
    try {
      const ok = { response: { 200: z.object({ ok: z.boolean() }) } };
      const config = limited('fuite', writeLimits.admin);
      const write = async () => {
        await t.database.db.execute(
          sql`update users set username = 'Changé en douce' where id = ${bruno.id}`,
        );
        return { ok: true };
      };
      other.app.post('/api/admin/fuite', { config, schema: ok }, write);
      other.app.post(
        '/api/moderation/fuite',
        { config, schema: ok, preHandler: requireAdmin },
        write,
      );
      await other.app.ready();
      const planted = appRoutes(other.app).filter((r) => r.url.endsWith('/fuite'));
      expect(planted.filter(isAdminRoute)).toHaveLength(2);
      expect(await unrecorded(other.app, planted)).toEqual([
        expect.stringMatching(/^not recorded: POST \/api\/admin\/fuite → 200/),
        expect.stringMatching(/^not recorded: POST \/api\/moderation\/fuite → 200/),
      ]);
    } finally {
      await other.app.close();
    }
  });
});

/** Every table of the database: its row count and a hash of its rows. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await db().execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = await db().execute<{ n: number; h: string }>(
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), ''))
          as h from ${sql.identifier(name)} t`,
    );
    out[name] = `${r.rows[0]?.n} ${r.rows[0]?.h}`;
  }
  return out;
}

describe('a reader who is not an administrator', () => {
  it('is refused every administrator route (403, French) and changes nothing', async () => {
    const routes = appRoutes(t.app).filter(isAdminRoute);
    expect(routes.length).toBeGreaterThanOrEqual(35);
    const calls = new Map<Route, Call>();
    for (const route of routes) calls.set(route, await callOf(route));
    const before = await snapshot();
    for (const [route, call] of calls) {
      const res = await api.call(alice, route.method as 'GET', call.url, call);
      expectFrenchError(res, 403);
      expect(res.json().error, nameOf(route)).toEqual({
        code: 'FORBIDDEN',
        message: accountMessages.adminRequired,
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});
