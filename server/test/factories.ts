import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { emailVerificationMessages } from '../../domain/messages/email-verification';
import { bookSlug } from '../../domain/slugs';
import type { Database, Db } from '../db/client';
import { MAIL_JOB } from '../mail/mail.job';
import { books } from '../modules/books/books.table';
import { readingQuestions } from '../modules/books/questions.table';
import { xpEvents } from '../modules/rewards/rewards.table';
import { origin } from './app';
import { jobRows } from './jobs';

export type Reader = { id: string; email: string; password: string; cookie: string };

let counter = 0;

/** Signs a new reader up through the real route and returns their session cookie. */
export async function createReader(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; ip?: string } = {},
): Promise<Reader> {
  counter += 1;
  const email = overrides.email ?? `lecteur${counter}-${Date.now()}@exemple.fr`;
  const password = overrides.password ?? 'motdepasse1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: origin,
    payload: { email, password },
    remoteAddress: overrides.ip ?? `10.1.${counter % 250}.${(counter * 7) % 250}`,
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().user.id, email: email.toLowerCase(), password, cookie: cookieOf(res) };
}

/**
 * Follows the confirmation link of the newest verification mail queued for `email` (the mail
 * job's own payload: the same text the reader receives) and expects the French success page.
 */
export async function verifyEmail(
  t: { app: FastifyInstance; database: Pick<Database, 'db'> },
  email: string,
): Promise<void> {
  const link = await vi.waitFor(
    async () => {
      const mail = (await jobRows(t.database, MAIL_JOB))
        .map((job) => job.data ?? {})
        .filter(
          (data) =>
            data.to === email.toLowerCase() &&
            data.subject === emailVerificationMessages.mailSubject,
        )
        .at(-1);
      const found = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(String(mail?.text))?.[0];
      expect(found).toBeDefined();
      return new URL(found as string);
    },
    { timeout: 20_000, interval: 25 },
  );
  const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toContain('Ton adresse e-mail est confirmée');
}

/**
 * An administrator as a real one becomes one: signs up with an ADMIN_EMAILS address, then
 * confirms it through the mailed link (the flag is granted at verification, never at sign-up).
 */
export async function createAdmin(
  t: { app: FastifyInstance; database: Pick<Database, 'db'> },
  overrides: { email: string; password?: string; ip?: string },
): Promise<Reader> {
  const reader = await createReader(t.app, overrides);
  await verifyEmail(t, reader.email);
  return reader;
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

let bookCounter = 0;

/** Inserts a book straight into the catalogue (admin tools come later). */
export async function createBook(
  db: Db,
  overrides: Partial<typeof books.$inferInsert> = {},
): Promise<typeof books.$inferSelect> {
  bookCounter += 1;
  const title = overrides.title ?? `Livre d'essai ${bookCounter}`;
  const author = overrides.author ?? 'Auteur Anonyme';
  const [book] = await db
    .insert(books)
    .values({
      slug: bookSlug(title, author),
      title,
      author,
      category: 'litterature',
      totalPages: 120,
      description: 'Une description.',
      ...overrides,
    })
    .returning();
  if (!book) throw new Error('book not created');
  return book;
}

/** One question per segment, answer `mot<segment>`. */
export async function createQuestions(db: Db, book: { id: string; expectedSegments: number }) {
  await db.insert(readingQuestions).values(
    Array.from({ length: book.expectedSegments }, (_, i) => ({
      bookId: book.id,
      segment: i + 1,
      question: `Quel mot clôt le segment ${i + 1} ?`,
      answer: `mot${i + 1}`,
    })),
  );
}

/** XP already earned by a reader (one ledger row), as a test's starting point. */
export async function grantXp(db: Db, readerId: string, amount: number): Promise<void> {
  await db
    .insert(xpEvents)
    .values({ userId: readerId, sourceKey: 'test:seed', reason: 'test', amount });
}
