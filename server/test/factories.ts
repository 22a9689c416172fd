import type { FastifyInstance } from 'fastify';
import { bookSlug } from '../../domain/slugs';
import type { Db } from '../db/client';
import { books } from '../modules/books/books.table';
import { readingQuestions } from '../modules/books/questions.table';
import { origin } from './app';

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
