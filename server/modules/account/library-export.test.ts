import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODREADS_HEADER, STORYGRAPH_HEADER } from '../../../domain/library-export';
import { accountMessages } from '../../../domain/messages/accounts';
import { errorMessages } from '../../../domain/messages/errors';
import { fill } from '../../../domain/messages/fill';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';
import { writeLimits } from '../rate-limits';

const GOODREADS = '/api/account/export/goodreads.csv';
const STORYGRAPH = '/api/account/export/storygraph.csv';

describe('the library in Goodreads’ and StoryGraph’s export formats', () => {
  let t: TestApp;
  let alice: Reader;
  let bruno: Reader;
  const db = () => t.database.db;

  /**
   * A book in a reader's list, added at `addedAt`, with a validation at each instant, as the
   * reading module's rows (written by SQL: the dates of a real history are in the past).
   */
  async function listed(
    reader: Reader,
    book: { id: string },
    {
      addedAt,
      status = 'to_read',
      validatedAt = [],
      removed = false,
    }: { addedAt: string; status?: string; validatedAt?: string[]; removed?: boolean },
  ) {
    const { rows } = await db().execute<{ id: string }>(
      sql`insert into reading_progress (user_id, book_id, status, segments_validated,
            current_page, created_at, removed_at)
          values (${reader.id}, ${book.id}, ${status}, ${validatedAt.length},
            ${validatedAt.length * 30}, ${addedAt}::timestamptz,
            ${removed ? sql`now()` : sql`null`})
          returning id`,
    );
    for (const [i, at] of validatedAt.entries()) {
      await db().execute(
        sql`insert into reading_validations (user_id, book_id, progress_id, segment, validated_at)
            values (${reader.id}, ${book.id}, ${rows[0]?.id}, ${i + 1}, ${at}::timestamptz)`,
      );
    }
  }

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createReader(t.app);
    bruno = await createReader(t.app);
    const asterix = await createBook(db(), {
      title: 'Astérix le Gaulois',
      author: 'René Goscinny et Albert Uderzo',
      isbn13: '9782012101333',
      totalPages: 90,
      year: 1961,
    });
    const etranger = await createBook(db(), {
      title: "L'Étranger",
      author: 'Albert Camus',
      isbn13: '9782070360024',
      totalPages: 60,
      year: 1942,
    });
    const germinal = await createBook(db(), {
      title: 'Germinal',
      author: 'Émile Zola',
      isbn13: '9791032284193',
      totalPages: 592,
      year: 1885,
    });
    const candide = await createBook(db(), { title: 'Candide', author: 'Voltaire' });
    const brunos = await createBook(db(), { title: 'Le livre de Bruno', author: 'Bruno B.' });
    // Alice: a book to read, one in progress, one finished (its last validation at 23:30 UTC,
    // already the next day in Paris), and one she took out of her list.
    await listed(alice, germinal, { addedAt: '2026-01-05T10:00:00Z' });
    await listed(alice, etranger, {
      addedAt: '2026-02-01T10:00:00Z',
      status: 'completed',
      validatedAt: ['2026-02-02T10:00:00Z', '2026-02-20T23:30:00Z'],
    });
    await listed(alice, asterix, {
      addedAt: '2026-03-01T10:00:00Z',
      status: 'in_progress',
      validatedAt: ['2026-03-02T10:00:00Z'],
    });
    await listed(alice, candide, { addedAt: '2026-03-03T10:00:00Z', removed: true });
    // Bruno: his own book, and Germinal finished.
    await listed(bruno, brunos, { addedAt: '2026-01-02T10:00:00Z' });
    await listed(bruno, germinal, {
      addedAt: '2026-01-03T10:00:00Z',
      status: 'completed',
      validatedAt: Array.from({ length: 20 }, (_, i) => `2026-01-${10 + i}T10:00:00Z`),
    });
  });
  afterAll(() => t.close());

  function expectDownload(res: LightMyRequestResponse, format: string) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="lisons-bibliotheque-${format}-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
  }

  it('exports Goodreads’ columns: shelves, dates read, pages and ISBNs as Goodreads writes them', async () => {
    const res = await callAs(t.app, alice).get(GOODREADS);
    expectDownload(res, 'goodreads');
    // No byte-order mark: an importer reads Goodreads' header as the file's first bytes.
    expect(res.body).toBe(
      [
        GOODREADS_HEADER.join(','),
        ',Astérix le Gaulois,René Goscinny,"Goscinny, René",Albert Uderzo,"=""201210133X""","=""9782012101333""",0,,,,90,,1961,,2026/03/01,currently-reading,currently-reading (#1),currently-reading,,,,0,0',
        `,L'Étranger,Albert Camus,"Camus, Albert",,"=""2070360024""","=""9782070360024""",0,,,,60,,1942,2026/02/21,2026/02/01,,,read,,,,1,0`,
        ',Germinal,Émile Zola,"Zola, Émile",,"=""""","=""9791032284193""",0,,,,592,,1885,,2026/01/05,to-read,to-read (#1),to-read,,,,0,0',
        '',
      ].join('\r\n'),
    );
  });

  it('exports StoryGraph’s columns: read status, last date read and the dates of each reading', async () => {
    const res = await callAs(t.app, alice).get(STORYGRAPH);
    expectDownload(res, 'storygraph');
    expect(res.body).toBe(
      [
        STORYGRAPH_HEADER.join(','),
        'Astérix le Gaulois,"René Goscinny, Albert Uderzo",,9782012101333,,currently-reading,2026/03/01,,,0,,,,,,,,,,,,,No',
        "L'Étranger,Albert Camus,,9782070360024,,read,2026/02/01,2026/02/21,2026/02/02-2026/02/21,1,,,,,,,,,,,,,No",
        'Germinal,Émile Zola,,9791032284193,,to-read,2026/01/05,,,0,,,,,,,,,,,,,No',
        '',
      ].join('\r\n'),
    );
  });

  it("never holds another reader's books or statuses", async () => {
    for (const url of [GOODREADS, STORYGRAPH]) {
      const mine = await callAs(t.app, alice).get(url);
      expect(mine.body).not.toContain('Le livre de Bruno');
      expect(mine.body).not.toContain('2026/01/29');
      const his = await callAs(t.app, bruno).get(url);
      expect(his.body).toContain('Le livre de Bruno');
      expect(his.body).not.toContain('Astérix');
      // Germinal is finished in his file (last validation 29 January), to read in hers.
      expect(his.body).toMatch(/Germinal,.*2026\/01\/29/);
      expect(his.body.trim().split('\r\n')).toHaveLength(3);
    }
  });

  it('asks a visitor to sign in, in French', async () => {
    for (const url of [GOODREADS, STORYGRAPH]) {
      const res = await callAs(t.app, null).get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: 'AUTH_REQUIRED',
        message: accountMessages.authRequired,
      });
    }
  });

  it('neutralises a title or an author a spreadsheet would run as a formula', async () => {
    const dora = await createReader(t.app);
    const titles = ['=HYPERLINK("http://x","clic")', '+33 6 12', '-2 degrés', '@SUM(1+1)'];
    for (const [i, title] of titles.entries()) {
      const book = await createBook(db(), { title, author: '=1+1' });
      await listed(dora, book, { addedAt: `2026-01-0${i + 1}T10:00:00Z` });
    }
    const goodreads = (await callAs(t.app, dora).get(GOODREADS)).body.trim().split('\r\n');
    expect(goodreads[1]).toBe(
      `,'@SUM(1+1),'=1+1,'=1+1,,"=""""","=""""",0,,,,120,,,,2026/01/04,to-read,to-read (#4),to-read,,,,0,0`,
    );
    expect(goodreads[4]).toMatch(/^,"'=HYPERLINK\(""http:\/\/x"",""clic""\)",'=1\+1,/);
    const storygraph = (await callAs(t.app, dora).get(STORYGRAPH)).body.trim().split('\r\n');
    expect(storygraph.slice(1).map((line) => line.split(',')[0])).toEqual([
      "'@SUM(1+1)",
      "'-2 degrés",
      "'+33 6 12",
      `"'=HYPERLINK(""http://x""`,
    ]);
    for (const line of [...goodreads, ...storygraph].slice(1)) {
      expect(line).not.toMatch(/(^|,)[=+\-@]/);
    }
  });

  it('is read back by Lisons’ own import, book for book', async () => {
    for (const url of [GOODREADS, STORYGRAPH]) {
      const csv = (await callAs(t.app, alice).get(url)).body;
      const preview = await callAs(t.app, bruno).post('/api/me/imports/preview', { csv });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(
        preview
          .json()
          .matched.map((m: { title: string; shelf: string; readOn: string | null }) => [
            m.title,
            m.shelf,
            m.readOn,
          ]),
      ).toEqual([
        ['Astérix le Gaulois', 'to_read', null],
        ["L'Étranger", 'read', '2026-02-21'],
        ['Germinal', 'to_read', null],
      ]);
      expect(preview.json().unmatched).toEqual([]);
    }
  });

  it('is limited per reader, both formats on one counter, with a French 429', async () => {
    const eve = await createReader(t.app);
    for (let i = 0; i < writeLimits.costly.limit; i += 1) {
      const res = await callAs(t.app, eve).get(i % 2 === 0 ? GOODREADS : STORYGRAPH);
      expect(res.statusCode).toBe(200);
    }
    const refused = await callAs(t.app, eve).get(STORYGRAPH);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toBe(
      fill(errorMessages.tooManyRequestsFor, { minutes: 1 }),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another reader is not held back.
    expect((await callAs(t.app, alice).get(GOODREADS)).statusCode).toBe(200);
  });
});
