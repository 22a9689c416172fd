import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { accountMessages } from '../../../domain/messages/accounts';
import { adminExportsMessages } from '../../../domain/messages/admin';
import { catalogueMessages } from '../../../domain/messages/catalogue';
import { validationMessages } from '../../../domain/messages/validation';
import type { Db } from '../../db/client';
import { readingQuestions } from '../../modules/books/questions.table';
import { origin, type TestApp } from '../app';
import { createBook, createReader, type Reader } from '../factories';
import { injectAll } from '../live';

// Every module of French texts: a module added later is known here without being listed.
const messageModules = import.meta.glob(['../../../domain/messages/*.ts', '!**/*.test.ts'], {
  eager: true,
});

/** Every answer seeded by this suite: any response holding one, outside a joker's, is a leak. */
export const SECRET = /r[ée]ponse\s*secr[èée]te/i;

/** A book whose questions answer `réponsesecrète<tag>s<segment>` (never guessed by a fuzzer). */
export async function createSecretBook(
  db: Db,
  { tag, pages, ...overrides }: { tag: string; pages: number; isPublished?: boolean },
) {
  const book = await createBook(db, {
    title: `Livre secret ${tag}`,
    totalPages: pages,
    ...overrides,
  });
  await db.insert(readingQuestions).values(
    Array.from({ length: book.expectedSegments }, (_, i) => ({
      bookId: book.id,
      segment: i + 1,
      question: `Quel mot caché clôt le segment ${i + 1} ?`,
      answer: secretAnswer(tag, i + 1),
    })),
  );
  return book;
}

export const secretAnswer = (tag: string, segment: number) => `réponsesecrète${tag}s${segment}`;

export type Sent = {
  method: string;
  url: string;
  status: number;
  body: string;
  contentType: string;
};

export type CallOptions = {
  payload?: InjectOptions['payload'];
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** Leave the Origin header out (every change needs it: origin-check.ts). */
  noOrigin?: boolean;
};

/**
 * `app.inject` as the browser of `who` (or a visitor) would call it, Origin included; every
 * response is kept in `sent` so a test can check afterwards that none leaked an answer.
 */
export function caller(app: FastifyInstance) {
  const sent: Sent[] = [];
  const call = async (
    who: Pick<Reader, 'cookie'> | null,
    method: InjectOptions['method'],
    url: string,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> => {
    // An event stream would never end: only its first words are read.
    const res = await injectAll(app, {
      method,
      url,
      headers: {
        ...(options.noOrigin ? {} : origin),
        ...(who ? { cookie: who.cookie } : {}),
        ...options.headers,
      },
      ...(options.query ? { query: options.query } : {}),
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });
    sent.push({
      method: String(method),
      url,
      status: res.statusCode,
      body: res.body,
      contentType: String(res.headers['content-type'] ?? ''),
    });
    return res;
  };
  return { call, sent };
}

// The app's French texts ({name} placeholders match anything), and zod's French locale.
const templates = Object.values(messageModules)
  .flatMap((module) => strings(module))
  .map((text) => {
    const parts = text.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
  });
const zodFrench =
  /^(Entrée invalide|Option invalide|Trop grand|Trop petit|Chaîne de caractères invalide|Nombre invalide|Clés? non reconnues?|Clé invalide|Valeur invalide)|.+ invalide$/;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** True when `message` is one of the app's French texts, or zod's French wording. */
export function isFrench(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '') return false;
  return zodFrench.test(message) || templates.some((re) => re.test(message));
}

/** A refusal as the API promises it: `{ error: { code, message } }`, JSON, French message. */
export function expectFrenchError(res: LightMyRequestResponse, status?: number) {
  const where = `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (status !== undefined) expect(res.statusCode, where).toBe(status);
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.headers['content-type'], where).toMatch(/^application\/json/);
  const body = res.json() as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, where).toBe('string');
  expect(isFrench(body.error?.message), `not a French text of the app: ${where}`).toBe(true);
}

/** The 401 sentences a reader route may answer a visitor with. */
export const signInMessages: readonly string[] = [
  accountMessages.authRequired,
  catalogueMessages.addAuthRequired,
  validationMessages.signInRequired,
  adminExportsMessages.signedOut,
];

/** The tables holding a reader's own rows (by `user_id`), besides `users` itself. */
const readerTables = [
  'accounts',
  'sessions',
  'reading_progress',
  'reading_validations',
  'validation_attempts',
  'xp_events',
  'user_badges',
  'user_quests',
] as const;

/**
 * Everything the database holds about one reader (profile and flags, password, sessions,
 * list, progress, validations, attempts, XP, badges, quests), whole rows in a stable order,
 * to compare before and after.
 */
export async function rowsOf(db: Db, userId: string): Promise<Record<string, string[]>> {
  const rows = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ row: string }>(query)).rows.map((r) => r.row);
  const all: Record<string, string[]> = {
    users: await rows(sql`select to_jsonb(t)::text as row from users t where id = ${userId}`),
  };
  for (const table of readerTables) {
    all[table] = await rows(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t
          where user_id = ${userId} order by 1`,
    );
  }
  return all;
}

/** Total XP of a reader, from the ledger. */
export async function xpOf(db: Db, userId: string): Promise<number> {
  const r = await db.execute<{ total: number }>(
    sql`select coalesce(sum(amount), 0)::int as total from xp_events where user_id = ${userId}`,
  );
  return Number(r.rows[0]?.total ?? 0);
}

/** Makes a reader admin and premium in the database (flags no route can set). */
export async function grantFlags(t: TestApp, userId: string) {
  await t.database.db.execute(
    sql`update users set is_admin = true, is_premium = true, premium_since = now()
        where id = ${userId}`,
  );
  t.app.forgetSessions();
}

/**
 * Every response of `sent` keeps the answers secret, except a 200 joker response, which
 * may hold the answer of the very segment it was spent on and nothing else.
 */
export function expectNoAnswerLeaked(
  sent: readonly Sent[],
  jokerAnswer: (url: string) => string | null,
) {
  for (const s of sent) {
    const revealed = s.status === 200 && /\/joker(\?|$)/.test(s.url) ? jokerAnswer(s.url) : null;
    const body = revealed ? s.body.replaceAll(`"answer":"${revealed}"`, '') : s.body;
    expect(body, `${s.method} ${s.url} → ${s.status}`).not.toMatch(SECRET);
  }
}

export type World = {
  alice: Reader;
  bruno: Reader;
  /** 3 segments (1 joker), 10 segments (2 jokers), 2 segments (none), and one withdrawn. */
  books: Record<'three' | 'ten' | 'two' | 'withdrawn', { id: string; slug: string; tag: string }>;
  /** The answer a joker may show for a joker URL, from the book id and segment in it. */
  jokerAnswer: (url: string) => string | null;
};

/**
 * Two readers and four secret books. Bruno has a history worth stealing: admin and premium
 * flags, a username, two books in his list, a validated segment (his typed answer is stored),
 * a joker spent, wrong attempts, XP. Alice has nothing yet.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const make = async (tag: string, pages: number, isPublished = true) => {
    const book = await createSecretBook(db, { tag, pages, isPublished });
    return { id: book.id, slug: book.slug, tag };
  };
  const books = {
    three: await make('A', 90),
    ten: await make('B', 300),
    two: await make('C', 60),
    withdrawn: await make('D', 90, false),
  };
  const [alice, bruno] = [await createReader(t.app), await createReader(t.app)] as [Reader, Reader];
  const { call } = caller(t.app);
  const must = async (res: Promise<LightMyRequestResponse>, status: number) => {
    const r = await res;
    if (r.statusCode !== status) throw new Error(`world: ${r.statusCode} ${r.body}`);
  };
  const seg = (bookId: string, n: number, what: string) =>
    `/api/books/${bookId}/segments/${n}/${what}`;
  await must(
    call(bruno, 'PATCH', '/api/profiles/me', { payload: { username: 'Bruno Privé' } }),
    200,
  );
  for (const book of [books.ten, books.three]) {
    await must(call(bruno, 'POST', '/api/reading-list', { payload: { bookId: book.id } }), 201);
  }
  const answer = (bookId: string, n: number, text: string) =>
    call(bruno, 'POST', seg(bookId, n, 'answer'), { payload: { answer: text } });
  await must(answer(books.ten.id, 1, secretAnswer('B', 1)), 200);
  await must(answer(books.ten.id, 2, 'faux'), 200);
  await must(answer(books.three.id, 1, 'faux'), 200);
  await must(call(bruno, 'POST', seg(books.three.id, 1, 'joker'), { payload: {} }), 200);
  await grantFlags(t, bruno.id);
  const tags = new Map(Object.values(books).map((b) => [b.id, b.tag]));
  const jokerAnswer = (url: string) => {
    const m = /\/api\/books\/([^/]+)\/segments\/(\d+)\/joker/.exec(url);
    const tag = m ? tags.get(m[1] ?? '') : undefined;
    return tag && m ? secretAnswer(tag, Number(m[2])) : null;
  };
  return { alice, bruno, books, jokerAnswer };
}
