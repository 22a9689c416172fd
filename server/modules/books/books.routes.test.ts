import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader } from '../../test/factories';
import { renderCover } from '../covers/cover-image';
import { createCoversRepository } from '../covers/covers.repository';
import { books } from './books.table';

describe('catalogue', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const titles = (res: { json: () => { items: { title: string }[] } }) =>
    res.json().items.map((b) => b.title);

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const miserables = await createBook(db, {
      title: 'Les Misérables',
      author: 'Victor Hugo',
      totalPages: 1900,
    });
    await createQuestions(db, miserables);
    await createBook(db, { title: 'Notre-Dame de Paris', author: 'Victor Hugo', totalPages: 600 });
    await createBook(db, { title: 'Germinal', author: 'Émile Zola', totalPages: 590 });
    await createBook(db, {
      title: 'Mémoires',
      author: 'Le Cœur Secret',
      totalPages: 90,
      category: 'bio',
    });
    await createBook(db, { title: 'Brouillon caché', author: 'Victor Hugo', isPublished: false });
    for (let i = 1; i <= 25; i++) {
      await createBook(db, {
        title: `Psaume ${i}`,
        author: 'Tradition biblique',
        category: 'religion',
        totalPages: 30 + i,
      });
    }
  });
  afterAll(() => t.close());

  describe('GET /api/search', () => {
    it.each(['hugo', 'Misérables', 'miserables', 'MISÉRABLES', '  les misé  ', 'hugo misérables'])(
      'finds Les Misérables with %j',
      async (q) => {
        const res = await get(`/api/search?q=${encodeURIComponent(q)}`);
        expect(res.statusCode).toBe(200);
        expect(titles(res)).toContain('Les Misérables');
      },
    );

    it('ranks titles starting with the query first', async () => {
      expect(titles(await get('/api/search?q=notre'))[0]).toBe('Notre-Dame de Paris');
    });

    it('ranks the words side by side, then the closest (shortest) match, first', async () => {
      const db = t.database.db;
      await createBook(db, { title: 'Le secret du jardin', author: 'Anne Roy', category: 'essai' });
      await createBook(db, {
        title: 'Le jardin secret de Marie',
        author: 'Anne Roy',
        category: 'essai',
      });
      expect(titles(await get('/api/search?q=jardin%20secret'))).toEqual([
        'Le jardin secret de Marie',
        'Le secret du jardin',
      ]);
      // Both by Victor Hugo: the shorter title and author is the closer match.
      expect(titles(await get('/api/search?q=victor%20hugo'))).toEqual([
        'Les Misérables',
        'Notre-Dame de Paris',
      ]);
      expect(titles(await get('/api/search?q=psaume%201')).slice(0, 3)).toEqual([
        'Psaume 1',
        'Psaume 10',
        'Psaume 11',
      ]);
    });

    it('finds by a short author prefix and by ligature-free spelling', async () => {
      expect(titles(await get('/api/search?q=zo'))).toEqual(['Germinal']);
      expect(titles(await get('/api/search?q=coeur'))).toEqual(['Mémoires']);
    });

    it('never shows an unpublished book', async () => {
      expect(titles(await get('/api/search?q=brouillon'))).toEqual([]);
    });

    it('treats % and _ as plain characters', async () => {
      expect(titles(await get('/api/search?q=%25'))).toEqual([]);
      expect(titles(await get('/api/search?q=___'))).toEqual([]);
    });

    it('answers an empty query with no results', async () => {
      expect(titles(await get('/api/search?q=%20%20'))).toEqual([]);
    });

    it('refuses a query over 100 characters in French', async () => {
      const res = await get(`/api/search?q=${'a'.repeat(101)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        'La recherche est trop longue (100 caractères au plus)',
      );
    });

    it('never sends questions or answers', async () => {
      const res = await get('/api/search?q=hugo');
      // (The cards' `questionsReady` is a count, not a question.)
      expect(res.body).not.toMatch(/mot\d|"answer"|"question"|Quel mot/i);
    });
  });

  describe('GET /api/books (explore)', () => {
    it('lists litterature by default, ready to validate then newest first, without unpublished books', async () => {
      const res = await get('/api/books');
      expect(res.json()).toMatchObject({ total: 3, page: 1, pageSize: 24 });
      // Les Misérables, the oldest, has all its questions (readiness.routes.test.ts).
      expect(titles(res)).toEqual(['Les Misérables', 'Germinal', 'Notre-Dame de Paris']);
    });

    it('pages by 24', async () => {
      const first = await get('/api/books?cat=religion');
      expect(first.json()).toMatchObject({ total: 25, page: 1 });
      expect(first.json().items).toHaveLength(24);
      const second = await get('/api/books?cat=religion&page=2');
      expect(second.json().items).toHaveLength(1);
      expect(titles(second)).not.toContain(titles(first)[0]);
    });

    it('filters by title or author from 2 characters only', async () => {
      expect(titles(await get('/api/books?q=germ'))).toEqual(['Germinal']);
      expect((await get('/api/books?q=g')).json().total).toBe(3);
    });

    it('sorts by author and by pages', async () => {
      expect(titles(await get('/api/books?sort=pages'))[0]).toBe('Les Misérables');
      expect(titles(await get('/api/books?sort=author'))[0]).toBe('Germinal');
    });

    it.each([
      ['cat=poesie', 'Catégorie inconnue\u00a0: choisis Littérature, Religion, Essai ou Bio'],
      ['page=0', 'Numéro de page invalide'],
      ['page=abc', 'Numéro de page invalide'],
      ['sort=prix', 'Tri inconnu\u00a0: choisis date, auteur ou pages'],
    ])('refuses %s with a French 400', async (query, message) => {
      const res = await get(`/api/books?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    });
  });

  describe('GET /api/books/:ref', () => {
    it('finds a book by slug and by id, with its segments and question count, never an answer', async () => {
      const bySlug = await get('/api/books/les-miserables-victor-hugo');
      expect(bySlug.statusCode).toBe(200);
      const { book, progress } = bySlug.json();
      expect(book).toMatchObject({
        title: 'Les Misérables',
        totalPages: 1900,
        expectedSegments: 64,
        questionsAvailable: 64,
        questionsReady: 64,
      });
      expect(progress).toBeNull();
      expect(bySlug.body).not.toMatch(/mot\d|"answer"/);
      const byId = await get(`/api/books/${book.id}`);
      expect(byId.json().book.slug).toBe('les-miserables-victor-hugo');
    });

    it('gives a signed-in reader their progress once the book is in their list', async () => {
      const reader = await createReader(t.app);
      const [book] = await t.database.db.select().from(books).where(eq(books.title, 'Germinal'));
      await callAs(t.app, reader).post('/api/reading-list', { bookId: book?.id });
      const res = await callAs(t.app, reader).get('/api/books/germinal-emile-zola');
      expect(res.json().progress).toMatchObject({
        status: 'to_read',
        segmentsValidated: 0,
        progressPercent: 0,
        currentSegment: 1,
        nextSegmentPage: 30,
        jokersUsed: 0,
        jokersAllowed: 3,
      });
    });

    it('answers an unknown book with a French 404 naming it', async () => {
      const res = await get('/api/books/livre-inconnu');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(
        "Le livre avec l'identifiant livre-inconnu n'existe pas",
      );
    });

    it('answers an unpublished book with 410 and the unavailable message', async () => {
      const res = await get('/api/books/brouillon-cache-victor-hugo');
      expect(res.statusCode).toBe(410);
      expect(res.json().error).toEqual({
        code: 'BOOK_UNAVAILABLE',
        message: 'Ce livre est actuellement indisponible',
      });
    });

    it('refuses a malformed reference in French', async () => {
      const res = await get('/api/books/pas%20un%20slug!');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Le livre doit avoir un ID ou un slug valide');
    });
  });

  describe('covers', () => {
    it('serves a generated cover as JPEG and WebP, cached for good, and links it from the book', async () => {
      const [book] = await t.database.db.select().from(books).where(eq(books.title, 'Germinal'));
      if (!book) throw new Error('missing book');
      await get('/api/books/germinal-emile-zola'); // cached without a cover
      await createCoversRepository({ db: t.database.db }).save(book.id, await renderCover(book));
      // The new cover version reaches the cached book through the catalogue notification.
      const detail = await vi.waitFor(async () => {
        const { book: found } = (await get('/api/books/germinal-emile-zola')).json();
        expect(found.coverUrl).toMatch(/^\/covers\/germinal-emile-zola\.jpg\?v=[0-9a-f]{12}$/);
        return found;
      });
      const jpeg = await get(detail.coverUrl);
      expect(jpeg.statusCode).toBe(200);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(jpeg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(jpeg.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
      // The same sender as every other picture: a revalidation is answered without the bytes.
      expect(jpeg.headers['x-content-type-options']).toBe('nosniff');
      const again = await t.app.inject({
        method: 'GET',
        url: detail.coverUrl,
        headers: { 'if-none-match': String(jpeg.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      const webp = await get(detail.coverWebpUrl);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    });

    it('answers a book without a cover with null URLs and a missing cover with 404', async () => {
      const { book } = (await get('/api/books/notre-dame-de-paris-victor-hugo')).json();
      expect(book.coverUrl).toBeNull();
      expect((await get('/covers/notre-dame-de-paris-victor-hugo.jpg')).statusCode).toBe(404);
      expect((await get('/covers/..%2Fsecret.jpg')).statusCode).toBe(400);
    });
  });

  describe('catalogue cache', () => {
    const withEncoding = (url: string, encoding: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

    it('sends the same search results compressed with brotli, gzip, or not at all', async () => {
      const plain = await withEncoding('/api/search?q=psaume', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json().items).toHaveLength(20);
      const br = await withEncoding('/api/search?q=psaume', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gzip = await withEncoding('/api/search?q=psaume', 'gzip, br;q=0');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    });

    it('shows a change to a book in search, explore and its page soon after any writer commits it', async () => {
      const book = await createBook(t.database.db, {
        title: 'Le Rouge et le Noir',
        author: 'Stendhal',
        totalPages: 576,
      });
      const slug = `/api/books/${book.slug}`;
      expect((await get('/api/search?q=stendhal')).json().items).toHaveLength(1);
      expect((await get(slug)).json().book.title).toBe('Le Rouge et le Noir');
      const explore = '/api/books?cat=litterature&q=stendhal';
      expect((await get(explore)).json().total).toBe(1);
      // A direct write, as an administrator's script or another server process would make.
      await t.database.db
        .update(books)
        .set({ title: 'La Chartreuse de Parme' })
        .where(eq(books.id, book.id));
      // Each read on its own: one of them may have missed the cache and read the change
      // before the notification cleared the others.
      await vi.waitFor(async () => {
        expect(titles(await get('/api/search?q=stendhal'))).toEqual(['La Chartreuse de Parme']);
        expect((await get(slug)).json().book.title).toBe('La Chartreuse de Parme');
        expect(titles(await get(explore))).toEqual(['La Chartreuse de Parme']);
      });
      await t.database.db.update(books).set({ isPublished: false }).where(eq(books.id, book.id));
      await vi.waitFor(async () => {
        expect((await get(slug)).statusCode).toBe(410);
        expect((await get('/api/search?q=stendhal')).json().items).toEqual([]);
        expect((await get(explore)).json().total).toBe(0);
      });
    });

    it('counts questions added after the book page was cached', async () => {
      const book = await createBook(t.database.db, { title: 'Candide', author: 'Voltaire' });
      expect((await get(`/api/books/${book.id}`)).json().book.questionsAvailable).toBe(0);
      await createQuestions(t.database.db, book);
      await vi.waitFor(async () => {
        const { book: detail } = (await get(`/api/books/${book.id}`)).json();
        expect(detail.questionsAvailable).toBe(book.expectedSegments);
      });
    });
  });
});
