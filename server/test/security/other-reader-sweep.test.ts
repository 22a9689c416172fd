import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circleDay } from '../../../domain/circles';
import { REMINDER_TIMES } from '../../../domain/reminders';
import { recordAdminAction } from '../../modules/audit/record';
import { createApiToken } from '../api-tokens';
import { buildTestApp, type TestApp } from '../app';
import { createReader, type Reader } from '../factories';
import { waitForIdleJobs } from '../jobs';
import {
  appRoutes,
  changes,
  type Ids,
  idFields,
  inputSchema,
  pathOf,
  type Route,
  validInput,
  validRequest,
} from './route-inputs';
import {
  buildWorld,
  caller,
  expectFrenchError,
  expectNoAnswerLeaked,
  secretAnswer,
  type World,
} from './security-helpers';

// Alice with Bruno's ids, in every module: the tables holding a reader's id are read from the
// schema (a table added later is swept, and must get Bruno rows here), the routes from the
// app's own table. Bruno's private data is never shown to Alice, his rows never changed.

let t: TestApp;
let w: World;
let api: ReturnType<typeof caller>;
let carl: Reader;
type ReaderColumn = { table: string; column: string };
let readerColumns: ReaderColumn[];

// Texts only Bruno (and administrators) may read: planted in his private rows.
const PRIVATE = {
  requestTitle: 'Demande privée de Bruno 7Q',
  requestReason: 'Raison privée de Bruno 7Q',
  pushEndpoint: 'https://push.exemple.fr/bruno-prive-7q',
  stripeRef: 'cs_bruno_prive_7q',
  proposedAnswer: 'brunoproposeprive7q',
  // What his KOReader device reported, and the password it logs in with (decision 053).
  kosyncProgress: '/body/DocFragment[7]/bruno-prive-7q',
  kosyncTitle: 'Titre de liseuse privé de Bruno 7Q',
  // Alice has validated no segment: nothing said in a segment's discussion may reach her.
  discussionPost: 'Bruno discute du passage un 7Q',
  circleName: 'Cercle privé de Bruno 7Q',
  // Said in his circle's discussion of a segment: for its members only.
  circlePost: 'Bruno parle à son cercle 7Q',
};
// The invitation code of Bruno's reading circle: his and his circle's members' only.
let brunoCircleCode = '';

// Columns a route of Alice may move on a row of Bruno's: the Booky count of his activity.
const MOVING = new Set(['activities.likes_count']);

async function must(res: Promise<LightMyRequestResponse>, ...statuses: number[]) {
  const r = await res;
  if (!statuses.includes(r.statusCode)) throw new Error(`setup: ${r.statusCode} ${r.body}`);
  return r;
}

/** Every (table, column) holding a reader's id: a foreign key to users, or a reader's name. */
async function findReaderColumns(): Promise<ReaderColumn[]> {
  const { rows } = await t.database.db.execute<ReaderColumn>(sql`
    select kcu.table_name as "table", kcu.column_name as "column"
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
      join information_schema.key_column_usage ref
        on ref.constraint_name = rc.unique_constraint_name
       and ref.constraint_schema = rc.unique_constraint_schema
     where ref.table_name = 'users' and kcu.table_schema = 'public'
    union
    select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables tb
        on tb.table_name = c.table_name and tb.table_schema = c.table_schema
     where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.data_type = 'uuid'
       and c.table_name <> 'users'
       and c.column_name ~ '^(user|reader|author|actor|recipient|follower|following|blocker|blocked|liker|reporter|admin|owner|requested_by)(_id)?$'
    order by 1, 2`);
  return rows;
}

async function bySql(query: ReturnType<typeof sql>) {
  await t.database.db.execute(query);
}

/** Bruno's rows in every module, made by the real routes where a reader can make them. */
async function fillBruno() {
  const { bruno, books } = w;
  const dora = await createReader(t.app);
  const { call } = caller(t.app);
  const seg = (bookId: string, n: number) => `/api/books/${bookId}/segments/${n}/answer`;
  // Rows no reader route writes (a payment, an administrator's work, a photo's bytes, a push
  // subscription made by the browser's push service): written as their modules do. The
  // purchase first: it makes Bruno premium for his book request. The cover batch is a finished
  // one: a running one is the worker's to move.
  await recordAdminAction(t.database.db, {
    adminId: bruno.id,
    action: 'book.update',
    entity: 'book',
    entityId: books.two.id,
  });
  await bySql(sql`insert into premium_purchases (reader_id, plan, stripe_ref, started_at)
    values (${bruno.id}, 'lifetime', ${PRIVATE.stripeRef}, now())`);
  await bySql(sql`insert into cover_batches (requested_by, group_filter, book_ids, status, finished_at)
    values (${bruno.id}, 'all', array[${books.two.id}]::uuid[], 'done', now())`);
  await bySql(sql`insert into avatar_files (hash, variant, user_id, content_type, bytes)
    values ('brunohash', '96.webp', ${bruno.id}, 'image/webp', '\\x00'::bytea)`);
  await bySql(sql`insert into push_subscriptions (reader_id, endpoint, p256dh, auth)
    values (${bruno.id}, ${PRIVATE.pushEndpoint}, 'cle-publique', 'secret-auth')`);
  await bySql(sql`insert into notification_preferences (reader_id) values (${bruno.id})
    on conflict do nothing`);
  // A personal API token, made in his Paramètres: Alice may try to revoke it by its id.
  await createApiToken(t.app, bruno, { name: 'Jeton privé de Bruno', scope: 'write' });
  // Bruno and Carl finish the two-segment book: activities, chat room, badges.
  for (const reader of [bruno, carl]) {
    await must(
      call(reader, 'POST', '/api/reading-list', { payload: { bookId: books.two.id } }),
      201,
      409,
    );
    for (const n of [1, 2]) {
      await must(
        call(reader, 'POST', seg(books.two.id, n), { payload: { answer: secretAnswer('C', n) } }),
        200,
      );
    }
  }
  const db = t.database.db;
  const carlsActivity = (
    await db.execute<{ id: string }>(
      sql`select id::text from activities where actor_id = ${carl.id} and kind = 'finished' limit 1`,
    )
  ).rows[0]?.id;
  await must(call(bruno, 'PUT', `/api/activities/${carlsActivity}/booky`), 200, 201, 204);
  await must(call(bruno, 'PUT', `/api/follows/${carl.id}`), 200, 201, 204);
  await must(call(carl, 'PUT', `/api/follows/${bruno.id}`), 200, 201, 204);
  await must(call(bruno, 'PUT', `/api/blocks/${dora.id}`), 200, 201, 204);
  // Bruno and Carl follow each other: a friend streak and this week's friend quest.
  const streak = await must(
    call(bruno, 'POST', '/api/friend-streaks', { payload: { readerId: carl.id } }),
    201,
  );
  await must(call(carl, 'POST', `/api/friend-streaks/${streak.json().id}/accept`), 200);
  const quest = await must(
    call(bruno, 'POST', '/api/friend-quests', { payload: { readerId: carl.id } }),
    201,
  );
  await must(call(carl, 'POST', `/api/friend-quests/${quest.json().id}/accept`), 200);
  // A book Bruno added to the catalogue; its cover is drawn by a job, waited for so that
  // nothing moves his row during the sweep.
  await must(
    call(bruno, 'POST', '/api/books', {
      payload: {
        title: 'Le livre de Bruno',
        author: 'Bruno B.',
        totalPages: 60,
        category: 'essai',
      },
    }),
    201,
  );
  await waitForIdleJobs(t.database);
  // A question Bruno proposed, waiting for review (its answer is his and his reviewers'), the
  // question he is asked on a segment, and his review of one of Carl's.
  await bySql(sql`insert into reading_questions (book_id, segment, question, answer, status, author_id)
    values (${books.two.id}, 1, 'La question de Bruno ?', ${PRIVATE.proposedAnswer}, 'pending', ${bruno.id}),
      (${books.two.id}, 2, 'La question de Carl ?', 'carlpropose', 'pending', ${carl.id})`);
  await bySql(sql`insert into question_reviews (question_id, reviewer_id, verdict)
    select id, ${bruno.id}, 'approve' from reading_questions where question = 'La question de Carl ?'`);
  await bySql(sql`insert into book_reports (book_id, reader_id, reason, detail)
    values (${books.two.id}, ${bruno.id}, 'wrong', 'Précision privée de Bruno 7Q')`);
  await bySql(sql`insert into question_reports (question_id, reader_id, reason)
    select id, ${bruno.id}, 'error' from reading_questions
    where book_id = ${books.two.id} and segment = 1 and status = 'approved' limit 1`);
  await bySql(sql`insert into question_assignments (user_id, book_id, segment, question_id)
    select ${bruno.id}, book_id, segment, id from reading_questions
    where book_id = ${books.two.id} and segment = 1 and status = 'approved' limit 1`);
  const chat = `/api/books/${books.two.slug}/chat`;
  await must(call(bruno, 'POST', chat, { payload: { content: 'Bruno au salon' } }), 200, 201);
  const carlsMessage = await must(
    call(carl, 'POST', chat, { payload: { content: 'Carl au salon' } }),
    200,
    201,
  );
  const messageId = carlsMessage.json() as { message?: { id: string }; id?: string };
  await must(
    call(bruno, 'POST', `/api/chat/messages/${messageId.message?.id ?? messageId.id}/report`, {
      payload: {},
    }),
    200,
    201,
    204,
  );
  // Segment 1's discussion: Bruno's post, Carl's reply and post; Bruno's Booky and report.
  const discussion = `/api/books/${books.two.slug}/discussions/1`;
  const brunosPost = (
    await must(
      call(bruno, 'POST', discussion, { payload: { content: PRIVATE.discussionPost } }),
      201,
    )
  ).json() as { id: string };
  await must(
    call(carl, 'POST', discussion, {
      payload: { content: 'Carl répond', parentId: brunosPost.id },
    }),
    201,
  );
  const carlsPost = (
    await must(call(carl, 'POST', discussion, { payload: { content: 'Carl discute' } }), 201)
  ).json() as { id: string };
  await must(call(bruno, 'PUT', `/api/discussions/posts/${carlsPost.id}/booky`), 200);
  await must(call(bruno, 'POST', `/api/discussions/posts/${carlsPost.id}/report`), 200);
  await must(
    call(bruno, 'POST', '/api/book-requests', {
      payload: { title: PRIVATE.requestTitle, reason: PRIVATE.requestReason },
    }),
    201,
  );
  // A reading circle Bruno started on the book he finished, Carl in it, a reminder he was sent.
  const circle = await must(
    call(bruno, 'POST', '/api/circles', {
      payload: {
        bookId: books.two.id,
        name: PRIVATE.circleName,
        startDay: circleDay(new Date()),
        paceDays: 3,
      },
    }),
    201,
  );
  const circleId = (circle.json() as { id: string }).id;
  const circlePage = await must(call(bruno, 'GET', `/api/circles/${circleId}`), 200);
  brunoCircleCode = (circlePage.json() as { circle: { inviteCode: string } }).circle.inviteCode;
  await must(call(carl, 'POST', `/api/circle-invitations/${brunoCircleCode}`), 200);
  await must(
    call(bruno, 'POST', `/api/books/${books.two.slug}/discussions/1?circle=${circleId}`, {
      payload: { content: PRIVATE.circlePost },
    }),
    201,
  );
  await bySql(sql`insert into circle_reminders (circle_id, reader_id, segment)
    values (${circleId}, ${bruno.id}, 1)`);
  await must(
    call(bruno, 'PUT', '/api/reminders/settings', {
      payload: { enabled: true, time: REMINDER_TIMES[0], timeZone: 'Europe/Paris' },
    }),
    200,
  );
  await must(
    call(bruno, 'PUT', `/api/me/goals/${new Date().getUTCFullYear()}`, {
      payload: { kind: 'books', target: 12 },
    }),
    200,
  );
  // A device password, a book his KOReader pushed (as the device sends it), linked to a book.
  const device = await must(
    call(bruno, 'POST', '/api/kosync/devices', { payload: { name: 'Kobo de Bruno' } }),
    201,
  );
  const document = createHash('md5').update('le fichier de Bruno').digest('hex');
  const pushed = await t.app.inject({
    method: 'PUT',
    url: '/kosync/syncs/progress',
    headers: {
      'content-type': 'application/json',
      'x-auth-user': bruno.email,
      'x-auth-key': createHash('md5').update(device.json().password).digest('hex'),
    },
    payload: {
      document,
      progress: PRIVATE.kosyncProgress,
      percentage: 0.3,
      device: 'Kobo',
      metadata: { title: PRIVATE.kosyncTitle },
    },
  });
  if (pushed.statusCode !== 200) throw new Error(`setup: ${pushed.statusCode} ${pushed.body}`);
  await must(
    call(bruno, 'PUT', `/api/kosync/documents/${document}/book`, {
      payload: { bookId: books.two.id },
    }),
    200,
  );
}

beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  w = await buildWorld(t);
  carl = await createReader(t.app);
  await t.app.ready();
  api = caller(t.app);
  readerColumns = await findReaderColumns();
  await fillBruno();
}, 120_000);
afterAll(() => t.close());

const tablesOf = (columns: ReaderColumn[]) => [...new Set(columns.map((c) => c.table))];

/** Bruno's rows of `table` (any reader column is his), as sorted JSON, moving columns left out. */
async function brunoRows(table: string): Promise<string[]> {
  const columns = readerColumns.filter((c) => c.table === table).map((c) => c.column);
  const moving = [...MOVING].filter((m) => m.startsWith(`${table}.`)).map((m) => m.split('.')[1]);
  const where = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} = ${w.bruno.id}`),
    sql` or `,
  );
  const minus = moving.length ? sql.raw(moving.map((m) => ` - '${m}'`).join('')) : sql``;
  const { rows } = await t.database.db.execute<{ row: string }>(
    sql`select (to_jsonb(t)${minus})::text as row from ${sql.identifier(table)} t where ${where} order by 1`,
  );
  return rows.map((r) => r.row);
}

describe('the tables holding a reader id', () => {
  it('are found in the schema, in every module, and each holds Bruno rows', async () => {
    const tables = tablesOf(readerColumns);
    // A sample of modules: auth, reading, community, chat, notifications, audit, reminders,
    // circles.
    for (const table of [
      'sessions',
      'reading_progress',
      'follows',
      'book_chats',
      'notifications',
      'admin_audit',
      'push_subscriptions',
      'circles',
      'circle_members',
      'circle_reminders',
    ]) {
      expect(tables).toContain(table);
    }
    const empty: string[] = [];
    for (const table of tables) if ((await brunoRows(table)).length === 0) empty.push(table);
    // A new table holding a reader id fails here until this file gives Bruno a row in it.
    expect(empty).toEqual([]);
  });
});

describe("Alice with Bruno's ids, in every module", () => {
  it("never shows Bruno's private data and never changes his rows", async () => {
    const db = t.database.db;
    const tables = tablesOf(readerColumns);
    // Every id-like value of Bruno's rows, whatever the table.
    const ids = new Set<string>([w.bruno.id]);
    for (const table of tables) {
      for (const row of await brunoRows(table)) {
        for (const [key, value] of Object.entries(JSON.parse(row) as Record<string, unknown>)) {
          if (typeof value === 'string' && /(^|_)id$/.test(key) && value.length <= 64) {
            ids.add(value);
          }
          if (typeof value === 'number' && /(^|_)id$/.test(key)) ids.add(String(value));
        }
      }
    }
    const bruno: Ids = { uuids: [...ids], slugs: [w.books.two.slug] };
    const brunoPrivate = [
      w.bruno.email,
      '"isAdmin":true',
      '"isPremium":true',
      ...Object.values(PRIVATE),
      brunoCircleCode,
    ];
    const before = new Map<string, string[]>();
    for (const table of ['users', ...tables]) {
      before.set(
        table,
        table === 'users'
          ? (
              await db.execute<{ row: string }>(
                sql`select to_jsonb(u)::text as row from users u where id = ${w.bruno.id}`,
              )
            ).rows.map((r) => r.row)
          : await brunoRows(table),
      );
    }
    const base: Ids = { uuids: [w.books.two.id], slugs: [w.books.two.slug] };
    const routes = appRoutes(t.app).filter((r: Route) => /^\/api\//.test(r.url));
    let requests = 0;
    for (const route of routes) {
      const slots = (['params', 'querystring', 'body'] as const).flatMap((part) =>
        idFields(inputSchema(route, part)).map((name) => ({ part, name })),
      );
      if (slots.length === 0) continue;
      for (const value of [...bruno.uuids, ...bruno.slugs]) {
        const { options } = validRequest(route, base);
        const params = validInput(inputSchema(route, 'params'), base);
        if ('segment' in params) params.segment = 1;
        const body = { ...((options as { payload?: object }).payload ?? {}) } as Record<
          string,
          unknown
        >;
        const query = { ...options.query };
        for (const slot of slots) {
          if (slot.part === 'params') params[slot.name] = value;
          else if (slot.part === 'querystring') query[slot.name] = value;
          else body[slot.name] = value;
        }
        const res = await api.call(w.alice, route.method as 'GET', pathOf(route.url, params), {
          query,
          ...(changes(route) ? { payload: body } : {}),
        });
        requests += 1;
        const where = `${route.method} ${route.url} with ${value} → ${res.statusCode}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400) expectFrenchError(res);
        for (const secret of brunoPrivate) expect(res.body, where).not.toContain(secret);
      }
    }
    expect(requests).toBeGreaterThan(100);
    for (const [table, rows] of before) {
      const now =
        table === 'users'
          ? (
              await db.execute<{ row: string }>(
                sql`select to_jsonb(u)::text as row from users u where id = ${w.bruno.id}`,
              )
            ).rows.map((r) => r.row)
          : await brunoRows(table);
      // His rows are all still there, unchanged (others may add rows about him: a follow).
      for (const row of rows) expect(now, `${table}: ${row}`).toContain(row);
    }
    expectNoAnswerLeaked(api.sent, w.jokerAnswer);
  }, 600_000);
});
