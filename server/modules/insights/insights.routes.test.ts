import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTime } from '../../../domain/calendar';
import { addDays } from '../../../domain/insights';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';
import { validateAt } from '../../test/validations';
import { readingGoals } from './insights.table';

describe('insights, goals, the year in review and the import', () => {
  let t: TestApp;
  let alice: Reader;
  let bruno: Reader;
  const today = () => localTime(new Date()).day;
  const year = () => Number(today().slice(0, 4));
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createReader(t.app);
    bruno = await createReader(t.app);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  type ProgressRow = {
    bookId: string;
    status: string;
    segmentsValidated: number;
    completedAt: Date | null;
    readElsewhereAt: Date | null;
  };
  /** The reading module's rows, read by SQL (its table file is its own). */
  const progressWhere = async (where: ReturnType<typeof sql>): Promise<ProgressRow[]> =>
    (
      await db().execute<ProgressRow>(
        sql`select book_id as "bookId", status, segments_validated as "segmentsValidated",
              completed_at as "completedAt", read_elsewhere_at as "readElsewhereAt"
            from reading_progress where ${where}`,
      )
    ).rows.map((row) => ({
      ...row,
      completedAt: row.completedAt === null ? null : new Date(row.completedAt),
      readElsewhereAt: row.readElsewhereAt === null ? null : new Date(row.readElsewhereAt),
    }));

  describe('insights', () => {
    it('shows pages per Paris day, the pace and a projected finish', async () => {
      // 2 segments (60 pages) today at noon Paris time, 1 yesterday.
      const noon = (day: string) => `${day}T11:00:00Z`;
      await validateAt(db(), alice.id, [noon(addDays(today(), -1)), noon(today()), noon(today())]);
      const res = await callAs(t.app, alice).get('/api/me/insights');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.today).toBe(today());
      expect(body.days).toEqual({ [addDays(today(), -1)]: 30, [today()]: 60 });
      expect(body.pace).toBe(Math.round((90 / 28) * 10) / 10);
      expect(body.weeks).toHaveLength(12);
      expect(body.months.at(-1)).toEqual({ month: today().slice(0, 7), pages: expect.any(Number) });
      expect(body.categories).toEqual([{ category: 'litterature', books: 1 }]);
      // validateAt's book has 3000 pages; 90 read: 2910 left at 3.2 a day.
      expect(body.projections).toEqual([
        expect.objectContaining({
          pagesLeft: 2910,
          finishOn: addDays(today(), Math.ceil(2910 / body.pace)),
        }),
      ]);
    });

    it('asks a visitor to sign in', async () => {
      expect((await callAs(t.app, null).get('/api/me/insights')).statusCode).toBe(401);
    });
  });

  describe('goals', () => {
    it('sets, reads, replaces and removes a yearly goal, with its progress', async () => {
      const url = `/api/me/goals/${year()}`;
      expect((await callAs(t.app, alice).get(url)).json()).toEqual({ goal: null });
      const set = await callAs(t.app, alice).put(url, { kind: 'pages', target: 900 });
      expect(set.statusCode).toBe(200);
      expect(set.json().goal).toMatchObject({
        year: year(),
        kind: 'pages',
        target: 900,
        done: 90,
        percent: 10,
      });
      const books = await callAs(t.app, alice).put(url, { kind: 'books', target: 12 });
      expect(books.json().goal).toMatchObject({ kind: 'books', target: 12, done: 0 });
      expect((await callAs(t.app, alice).get('/api/me/insights')).json().goal).toMatchObject({
        kind: 'books',
        target: 12,
      });
      const rows = await db().select().from(readingGoals).where(eq(readingGoals.userId, alice.id));
      expect(rows).toHaveLength(1);
      expect((await callAs(t.app, alice).delete(url)).json()).toEqual({
        message: 'Objectif retiré',
      });
      expect((await callAs(t.app, alice).delete(url)).statusCode).toBe(404);
    });

    it('refuses a bad goal in French and keeps nothing', async () => {
      const url = `/api/me/goals/${year()}`;
      const zero = await callAs(t.app, bruno).put(url, { kind: 'books', target: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().error.message).toContain('Indique un nombre entier entre 1 et 500.');
      const kind = await callAs(t.app, bruno).put(url, { kind: 'minutes', target: 10 });
      expect(kind.json().error.message).toContain('Choisis un objectif en livres ou en pages.');
      const badYear = await callAs(t.app, bruno).put('/api/me/goals/1999', {
        kind: 'books',
        target: 3,
      });
      expect(badYear.json().error.message).toContain('Année de bilan invalide.');
      const rows = await db().select().from(readingGoals).where(eq(readingGoals.userId, bruno.id));
      expect(rows).toEqual([]);
    });
  });

  describe('import', () => {
    let etranger: { id: string };
    let germinal: { id: string };
    beforeAll(async () => {
      etranger = await createBook(db(), { title: "L'Étranger", author: 'Albert Camus' });
      germinal = await createBook(db(), { title: 'Germinal', author: 'Émile Zola' });
      await createBook(db(), { title: 'Nana', author: 'Émile Zola' });
    });
    const goodreads = [
      'Book Id,Title,Author,Author l-f,Exclusive Shelf,Date Read',
      '1,"L\'etranger (Folio, #12)",Albert Camus,"Camus, Albert",read,2024/03/05',
      '2,GERMINAL,Emile Zola,"Zola, Emile",to-read,',
      '3,Un livre inconnu,Personne,"Personne",to-read,',
    ].join('\r\n');

    it('previews matches (accents and case aside) and unmatched rows, and changes nothing', async () => {
      const res = await callAs(t.app, alice).post('/api/me/imports/preview', { csv: goodreads });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(
        body.matched.map((m: { line: number; book: { id: string }; shelf: string }) => [
          m.line,
          m.book.id,
          m.shelf,
        ]),
      ).toEqual([
        [2, etranger.id, 'read'],
        [3, germinal.id, 'to_read'],
      ]);
      expect(body.unmatched).toEqual([
        { line: 4, title: 'Un livre inconnu', author: 'Personne', shelf: 'to_read' },
      ]);
      const rows = await progressWhere(sql`book_id = ${etranger.id}::uuid`);
      expect(rows).toEqual([]);
    });

    it('adds the matched books with their status on confirmation, once', async () => {
      const res = await callAs(t.app, alice).post('/api/me/imports', { csv: goodreads });
      expect(res.json()).toEqual({ message: '2 livres ajoutés à ta liste', added: 2 });
      const [read] = await progressWhere(
        sql`user_id = ${alice.id}::uuid and book_id = ${etranger.id}::uuid`,
      );
      // Read elsewhere: history only, its status still its validations' (none).
      expect(read).toMatchObject({ status: 'to_read', segmentsValidated: 0, completedAt: null });
      expect(read?.readElsewhereAt?.toISOString().slice(0, 10)).toBe('2024-03-05');
      const again = await callAs(t.app, alice).post('/api/me/imports', { csv: goodreads });
      expect(again.json()).toEqual({ message: 'Aucun livre à importer.', added: 0 });
      const preview = await callAs(t.app, alice).post('/api/me/imports/preview', {
        csv: goodreads,
      });
      expect(preview.json().matched.every((m: { alreadyInList: boolean }) => m.alreadyInList)).toBe(
        true,
      );
    });

    it('gives line-numbered French errors for a malformed file, and adds nothing', async () => {
      const bad = [
        'Title,Author,Exclusive Shelf',
        'Germinal,Émile Zola,read',
        ',Personne,read',
        'Nana,Émile Zola,lu',
      ].join('\n');
      const res = await callAs(t.app, bruno).post('/api/me/imports', { csv: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.errors).toEqual([
        'Ligne 3\u00a0: titre manquant.',
        'Ligne 4\u00a0: statut «\u00a0lu\u00a0» inconnu.',
      ]);
      const quote = await callAs(t.app, bruno).post('/api/me/imports', {
        csv: 'Title,Author,Exclusive Shelf\nGerminal,Zola,read\n"Nana,Zola,read\n',
      });
      expect(quote.json().error.message).toBe(
        'Ligne 3\u00a0: CSV mal formé (guillemet non refermé).',
      );
      const notExport = await callAs(t.app, bruno).post('/api/me/imports/preview', {
        csv: 'a;b\n1;2',
      });
      expect(notExport.json().error.message).toMatch(/^Ligne 1\u00a0: colonnes/);
      const rows = await progressWhere(sql`user_id = ${bruno.id}::uuid`);
      expect(rows).toEqual([]);
    });

    // A StoryGraph export as StoryGraph writes one: its 23 columns, a review over two lines
    // with quotes, several authors in one cell, an ASIN, empty ISBNs and statuses.
    describe('a StoryGraph export', () => {
      const storygraph = readFileSync(
        new URL('./fixtures/storygraph-export.csv', import.meta.url),
        'utf8',
      );
      let carl: Reader;
      let asterix: { id: string };
      let horla: { id: string };
      let nana: { id: string };
      beforeAll(async () => {
        carl = await createReader(t.app);
        await db().execute(
          sql`update books set isbn13 = '9782070360024' where id = ${etranger.id}::uuid`,
        );
        asterix = await createBook(db(), {
          title: 'Astérix le Gaulois',
          author: 'René Goscinny et Albert Uderzo',
        });
        horla = await createBook(db(), { title: 'Le Horla', author: 'Guy de Maupassant' });
        [nana] = (
          await db().execute<{ id: string }>(sql`select id from books where title = 'Nana'`)
        ).rows as [{ id: string }];
      });

      it('is previewed by ISBN, by title and any of its authors, with StoryGraph’s statuses', async () => {
        const res = await callAs(t.app, carl).post('/api/me/imports/preview', { csv: storygraph });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(
          body.matched.map(
            (m: { line: number; book: { id: string }; shelf: string; readOn: string | null }) => [
              m.line,
              m.book.id,
              m.shelf,
              m.readOn,
            ],
          ),
        ).toEqual([
          [2, etranger.id, 'read', '2024-02-11'],
          [4, asterix.id, 'to_read', null],
          [5, germinal.id, 'to_read', null],
          [6, nana.id, 'abandoned', null],
          [7, horla.id, 'read', '2023-05-01'],
        ]);
        expect(body.matched[1].author).toBe('Albert Uderzo, René Goscinny');
        expect(body.unmatched).toEqual([
          {
            line: 8,
            title: 'Un livre introuvable',
            author: 'Jeanne Martin, Paul Durand',
            shelf: 'to_read',
          },
          { line: 9, title: 'Des tags seulement', author: 'Anne Autre', shelf: 'to_read' },
        ]);
        expect(await progressWhere(sql`user_id = ${carl.id}::uuid`)).toEqual([]);
      });

      it('adds the books found, finished ones as read elsewhere, the stopped one as abandoned', async () => {
        const res = await callAs(t.app, carl).post('/api/me/imports', { csv: storygraph });
        expect(res.json()).toEqual({ message: '5 livres ajoutés à ta liste', added: 5 });
        const rows = await progressWhere(sql`user_id = ${carl.id}::uuid`);
        const of = (id: string) => rows.find((row) => row.bookId === id);
        expect(of(etranger.id)?.readElsewhereAt?.toISOString().slice(0, 10)).toBe('2024-02-11');
        expect(of(horla.id)?.readElsewhereAt?.toISOString().slice(0, 10)).toBe('2023-05-01');
        expect(of(asterix.id)).toMatchObject({ status: 'to_read', readElsewhereAt: null });
        const abandoned = await db().execute<{ abandoned: boolean }>(
          sql`select abandoned_at is not null as abandoned from reading_progress
              where user_id = ${carl.id}::uuid and book_id = ${nana.id}::uuid`,
        );
        expect(abandoned.rows).toEqual([{ abandoned: true }]);
      });

      it('refuses a bad StoryGraph row in French, line by line, and adds nothing', async () => {
        const [header] = storygraph.split('\n');
        const bad = [
          header,
          'Germinal,Émile Zola,,,,abandoned,2024/03/02,,,0,,,,,,,,,,,,,No',
          'Nana,Émile Zola,,,,read,2024/03/02,2024/13,,1,,,,,,,,,,,,,No',
          ',Émile Zola,,,,read,2024/03/02,,,1,,,,,,,,,,,,,No',
        ].join('\n');
        const res = await callAs(t.app, bruno).post('/api/me/imports', { csv: bad });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.details.errors).toEqual([
          'Ligne 2\u00a0: statut «\u00a0abandoned\u00a0» inconnu.',
          'Ligne 3\u00a0: date de lecture invalide (AAAA/MM/JJ attendu).',
          'Ligne 4\u00a0: titre manquant.',
        ]);
        expect(await progressWhere(sql`user_id = ${bruno.id}::uuid`)).toEqual([]);
      });
    });
  });

  describe('the Abandonné shelf', () => {
    it('takes a book out of the books in progress, keeps its validations, and brings it back', async () => {
      const [row] = await progressWhere(
        sql`user_id = ${alice.id}::uuid and status = 'in_progress'`,
      );
      const bookId = row?.bookId as string;
      const put = await callAs(t.app, alice).put(`/api/reading-list/${bookId}/abandoned`);
      expect(put.statusCode).toBe(200);
      expect(put.json().message).toMatch(/rangé dans Abandonné$/);
      const list = (await callAs(t.app, alice).get('/api/reading-list')).json().items;
      expect(list.find((i: { book: { id: string } }) => i.book.id === bookId)).toMatchObject({
        isAbandoned: true,
        progress: { segmentsValidated: 3 },
      });
      expect((await callAs(t.app, alice).get('/api/me/insights')).json().projections).toEqual([]);
      expect(
        (await callAs(t.app, alice).delete(`/api/reading-list/${bookId}/abandoned`)).statusCode,
      ).toBe(200);
      expect((await callAs(t.app, alice).get('/api/me/insights')).json().projections).toHaveLength(
        1,
      );
      const absent = await callAs(t.app, bruno).put(`/api/reading-list/${bookId}/abandoned`);
      expect(absent.statusCode).toBe(404);
      expect(absent.json().error.message).toBe("Ce livre n'est pas dans ta liste.");
    });
  });

  describe('the year in review', () => {
    it('sums the year and draws a signed image, refused without the signature', async () => {
      const res = await callAs(t.app, alice).get(`/api/me/reviews/${year()}`);
      expect(res.statusCode).toBe(200);
      const review = res.json();
      expect(review).toMatchObject({
        year: year(),
        pages: 90,
        segments: 3,
        favouriteCategory: 'litterature',
      });
      expect(review.busiestDay).toEqual({ day: today(), pages: 60 });
      expect(review.longestStreak).toBe(today().endsWith('-01-01') ? 1 : 2);
      const image = await t.app.inject({ method: 'GET', url: review.imageUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      // Its figures change under the same URL: kept an hour, then revalidated by its ETag.
      expect(image.headers['cache-control']).toBe('public, max-age=3600');
      const unchanged = await t.app.inject({
        method: 'GET',
        url: review.imageUrl,
        headers: { 'if-none-match': String(image.headers.etag) },
      });
      expect(unchanged.statusCode).toBe(304);
      const forged = review.imageUrl.replace(alice.id, bruno.id);
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
      const past = (await callAs(t.app, alice).get('/api/me/reviews/2021')).json();
      expect(past).toMatchObject({
        booksFinished: 0,
        pages: 0,
        longestStreak: 0,
        busiestDay: null,
      });
    });
  });
});
