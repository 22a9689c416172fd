import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBooksMessages } from '../../../domain/messages/admin';
import { bookLookupMessages, isbnMessages } from '../../../domain/messages/book-lookup';
import { readerBooksMessages as m } from '../../../domain/messages/reader-books';
import { READER_BOOKS_PER_DAY } from '../../../domain/reader-books.schemas';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, createReader } from '../../test/factories';
import { type FakeOpenLibrary, startFakeOpenLibrary } from '../../test/fake-open-library';
import { jobRows, waitForIdleJobs } from '../../test/jobs';
import { READER_BOOK_COVER_JOB } from './index';

// A reader adds a book the catalogue lacks (decision 044), against a local fake of Open
// Library: nothing here reaches the internet.

let fake: FakeOpenLibrary;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenLibrary();
  t = await buildTestApp({
    ADMIN_EMAILS: 'admin.ajouts@exemple.fr',
    BOOK_LOOKUP: 'on',
    BOOK_LOOKUP_URL: fake.url,
    BOOK_LOOKUP_COVERS_URL: fake.url,
    BOOK_LOOKUP_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const typed = {
  title: 'La Peste',
  author: 'Albert Camus',
  totalPages: 279,
  category: 'litterature',
  isbn: '978-2-07-036042-0',
  year: 1947,
  description: 'Oran, une épidémie.',
};

const bookCount = async () =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from books`)).rows[0]
      ?.n,
  );

describe('looking a book up in the open catalogue', () => {
  it('asks a visitor to sign in, and offers a reader the editions found', async () => {
    expect((await callAs(t.app, null).get('/api/book-lookup?q=camus')).statusCode).toBe(401);
    const reader = await createReader(t.app);
    const res = await callAs(t.app, reader).get(
      `/api/book-lookup?q=${encodeURIComponent("L'Étranger Camus")}`,
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.status).toBe('found');
    expect(answer.editions[0]).toMatchObject({ author: 'Albert Camus', isbn13: '9782070360024' });
    expect(answer.editions[0].coverUrl).toBe(`${fake.url}/b/id/8231387-L.jpg`);
  });

  it('shows an offered cover as a small JPEG through the server, and nothing else', async () => {
    const reader = await createReader(t.app);
    const call = callAs(t.app, reader);
    const cover = (url: string) =>
      call.get(`/api/book-lookup/cover?url=${encodeURIComponent(url)}`);
    const res = await cover(`${fake.url}/b/id/8231387-L.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    for (const url of [
      `${fake.url}/b/id/404-L.jpg`,
      'http://169.254.169.254/',
      `${fake.url}/search.json`,
    ]) {
      const refused = await cover(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error.code).toBe('NOT_FOUND');
    }
    expect((await callAs(t.app, null).get('/api/book-lookup/cover?url=x')).statusCode).toBe(401);
  });

  it('says in French why it found nothing (a mistyped ISBN, an empty text)', async () => {
    const reader = await createReader(t.app);
    const call = callAs(t.app, reader);
    expect((await call.get('/api/book-lookup?q=2070360025')).json()).toEqual({
      status: 'invalid',
      message: isbnMessages.badCheckDigit,
    });
    expect((await call.get('/api/book-lookup?q=')).json()).toEqual({
      status: 'invalid',
      message: bookLookupMessages.emptyQuery,
    });
  });
});

describe('adding a book', () => {
  it('adds a typed book, readable at once and marked as the community’s, with a drawn cover', async () => {
    const reader = await createReader(t.app);
    const res = await callAs(t.app, reader).post('/api/books', typed);
    expect(res.statusCode).toBe(201);
    const added = res.json();
    expect(added).toMatchObject({ slug: 'la-peste-albert-camus', title: 'La Peste' });

    const page = await callAs(t.app, null).get(`/api/books/${added.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().book).toMatchObject({
      title: 'La Peste',
      totalPages: 279,
      expectedSegments: 10,
      year: 1947,
      isPublished: true,
      communityAdded: true,
    });
    const [row] = (
      await t.database.db.execute<{ isbn13: string; added_by: string; confirmed: boolean }>(
        sql`select isbn13, added_by, confirmed from books where id = ${added.id}`,
      )
    ).rows;
    expect(row).toEqual({ isbn13: '9782070360420', added_by: reader.id, confirmed: false });

    // No cover was picked: a drawn one, made after the answer.
    await waitForIdleJobs(t.database);
    const cover = await callAs(t.app, null).get(`/covers/${added.slug}.jpg`);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
  });

  it('takes the cover of the edition picked from the open catalogue', async () => {
    const reader = await createReader(t.app);
    const res = await callAs(t.app, reader).post('/api/books', {
      ...typed,
      title: 'L’Étranger',
      isbn: '9782070360024',
      totalPages: 186,
      coverUrl: `${fake.url}/b/id/8231387-L.jpg`,
    });
    expect(res.statusCode).toBe(201);
    await waitForIdleJobs(t.database);
    const [job] = (await jobRows(t.database, READER_BOOK_COVER_JOB)).filter(
      (j) => j.data?.bookId === res.json().id,
    );
    expect(job?.state).toBe('completed');
    expect(fake.requests.some((r) => r.url === '/b/id/8231387-L.jpg')).toBe(true);
    const { rows } = await t.database.db.execute<{ generator: string | null }>(
      sql`select generator from book_covers where book_id = ${res.json().id}`,
    );
    // An image's cover, not a drawn one (drawn covers name their generator).
    expect(rows).toEqual([{ generator: null }]);
  });

  it('leads a reader to the book already there: same ISBN (even as an ISBN-10), or same title and author', async () => {
    const existing = await createBook(t.database.db, {
      title: 'Le Petit Prince',
      author: 'Antoine de Saint-Exupéry',
    });
    const reader = await createReader(t.app);
    const call = callAs(t.app, reader);
    const before = await bookCount();
    const sameTitle = await call.post('/api/books', {
      ...typed,
      title: '  le petit  PRINCE ',
      author: 'Antoine de Saint-Exupery',
      isbn: undefined,
    });
    expect(sameTitle.statusCode).toBe(409);
    expect(sameTitle.json().error).toEqual({
      code: 'ALREADY_EXISTS',
      message: m.duplicate,
      details: { slug: existing.slug, title: 'Le Petit Prince' },
    });

    const first = await call.post('/api/books', {
      ...typed,
      title: 'Sido',
      author: 'Colette',
      isbn: '9791032284193',
    });
    expect(first.statusCode).toBe(201);
    const again = await call.post('/api/books', {
      ...typed,
      title: 'Sido (poche)',
      author: 'Colette',
      isbn: '979-10-322-8419-3',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ slug: first.json().slug, title: 'Sido' });
    expect(await bookCount()).toBe(before + 1);
  });

  it('refuses bad input in French and adds nothing', async () => {
    const reader = await createReader(t.app);
    const call = callAs(t.app, reader);
    const before = await bookCount();
    const cases: [object, string][] = [
      [{ ...typed, title: '   ' }, m.titleRequired],
      [{ ...typed, author: 'x'.repeat(201) }, m.authorTooLong],
      [{ ...typed, totalPages: 0 }, m.pagesInvalid],
      [{ ...typed, totalPages: 5001 }, m.pagesInvalid],
      [{ ...typed, totalPages: 12.5 }, m.pagesInvalid],
      [{ ...typed, category: 'roman' }, m.categoryInvalid],
      [{ ...typed, isbn: '2070360025' }, isbnMessages.badCheckDigit],
      [{ ...typed, year: 3000 }, m.yearInvalid],
      [{ ...typed, coverUrl: 'http://169.254.169.254/latest/meta-data' }, m.coverInvalid],
      [{ ...typed, coverUrl: `${fake.url}/search.json?q=x` }, m.coverInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await call.post('/api/books', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await callAs(t.app, null).post('/api/books', typed)).statusCode).toBe(401);
    expect(await bookCount()).toBe(before);
  });

  it(`stops a reader at ${READER_BOOKS_PER_DAY} books in 24 hours, and not another reader`, async () => {
    const reader = await createReader(t.app);
    const call = callAs(t.app, reader);
    for (let i = 1; i <= READER_BOOKS_PER_DAY; i++) {
      const res = await call.post('/api/books', { ...typed, title: `Tome ${i}`, isbn: undefined });
      expect(res.statusCode).toBe(201);
    }
    const refused = await call.post('/api/books', {
      ...typed,
      title: 'Tome de trop',
      isbn: undefined,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: m.dailyLimit });
    const other = await createReader(t.app);
    const res = await callAs(t.app, other).post('/api/books', {
      ...typed,
      title: 'Tome de trop',
      isbn: undefined,
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('an administrator confirms a book a reader added', () => {
  it('lists the unconfirmed books, confirms one (audited), and readers may not', async () => {
    const admin = await createAdmin(t, { email: 'admin.ajouts@exemple.fr' });
    const reader = await createReader(t.app);
    const added = (
      await callAs(t.app, reader).post('/api/books', {
        ...typed,
        title: 'Noces',
        isbn: undefined,
      })
    ).json();
    const asAdmin = callAs(t.app, admin);
    const pending = (await asAdmin.get('/api/admin/books?origin=community')).json();
    expect(pending.items.map((b: { title: string }) => b.title)).toContain('Noces');
    expect(pending.items.every((b: { communityAdded: boolean }) => b.communityAdded)).toBe(true);

    const refused = await callAs(t.app, reader).post(`/api/admin/books/${added.id}/confirm`);
    expect(refused.statusCode).toBe(403);

    const confirmed = await asAdmin.post(`/api/admin/books/${added.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ title: 'Noces', communityAdded: false });
    const page = await callAs(t.app, null).get(`/api/books/${added.slug}`);
    expect(page.json().book.communityAdded).toBe(false);
    const again = await asAdmin.post(`/api/admin/books/${added.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(adminBooksMessages.alreadyConfirmed);
    const after = (await asAdmin.get('/api/admin/books?origin=community')).json();
    expect(after.items.map((b: { title: string }) => b.title)).not.toContain('Noces');
    const { rows } = await t.database.db.execute<{
      before: { confirmed: boolean };
      after: { confirmed: boolean };
    }>(
      sql`select before, after from admin_audit where action = 'book.confirm' and entity_id = ${added.id}`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ confirmed: false }),
        after: expect.objectContaining({ confirmed: true }),
      }),
    ]);
  });
});
