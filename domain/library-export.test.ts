import { describe, expect, it } from 'vitest';
import { csvField, csvTextCode } from './csv';
import {
  GOODREADS_HEADER,
  goodreadsCsv,
  type LibraryEntry,
  lastFirst,
  libraryBook,
  STORYGRAPH_HEADER,
  splitAuthors,
  storygraphCsv,
} from './library-export';

const entry = (overrides: Partial<LibraryEntry>): LibraryEntry => ({
  title: 'Germinal',
  author: 'Émile Zola',
  isbn13: null,
  totalPages: 592,
  year: 1885,
  status: 'to_read',
  addedAt: new Date('2026-01-10T09:00:00Z'),
  abandonedAt: null,
  readElsewhereAt: null,
  firstValidatedAt: null,
  lastValidatedAt: null,
  ...overrides,
});

const lines = (csv: string) => csv.split('\r\n').filter((line) => line !== '');

describe('the books of a list in the exports’ terms', () => {
  it('finished on the day of its last validation, in the reader’s time zone', () => {
    const book = libraryBook(
      entry({
        status: 'completed',
        firstValidatedAt: new Date('2026-02-01T10:00:00Z'),
        // 23:30 UTC is already the next day in Paris.
        lastValidatedAt: new Date('2026-02-14T23:30:00Z'),
      }),
      'Europe/Paris',
    );
    expect(book).toMatchObject({
      shelf: 'read',
      reads: [{ start: '2026-02-01', end: '2026-02-15' }],
      addedOn: '2026-01-10',
    });
    expect(libraryBook(entry({ status: 'in_progress' }), 'Europe/Paris').shelf).toBe(
      'currently-reading',
    );
    expect(libraryBook(entry({}), 'Europe/Paris')).toMatchObject({ shelf: 'to-read', reads: [] });
  });

  it('keeps the day an import gave, whatever the time zone, and a stop only when unfinished', () => {
    const imported = libraryBook(
      entry({ readElsewhereAt: new Date('2024-03-05T12:00:00Z') }),
      'Pacific/Kiritimati',
    );
    expect(imported).toMatchObject({ shelf: 'read', reads: [{ start: null, end: '2024-03-05' }] });
    const stopped = entry({ status: 'in_progress', abandonedAt: new Date() });
    expect(libraryBook(stopped, 'Europe/Paris').abandoned).toBe(true);
  });

  it('splits co-authors and writes a name family name first', () => {
    expect(splitAuthors('René Goscinny et Albert Uderzo')).toEqual([
      'René Goscinny',
      'Albert Uderzo',
    ]);
    expect(splitAuthors('Deleuze, Guattari & Foucault')).toEqual([
      'Deleuze',
      'Guattari',
      'Foucault',
    ]);
    expect(splitAuthors('Claudette Oriol')).toEqual(['Claudette Oriol']);
    expect(lastFirst('Honoré de Balzac')).toBe('Balzac, Honoré de');
    expect(lastFirst('Voltaire')).toBe('Voltaire');
  });
});

describe('the Goodreads export', () => {
  it('has Goodreads’ header, ISBNs as ="…", shelves with their places, Y/M/D dates', () => {
    const books = [
      entry({
        title: 'Astérix le Gaulois',
        author: 'René Goscinny et Albert Uderzo',
        isbn13: '9782012101333',
        totalPages: 48,
        year: 1961,
        addedAt: new Date('2026-03-01T10:00:00Z'),
      }),
      entry({
        title: "L'Étranger",
        author: 'Albert Camus',
        isbn13: '9782070360024',
        totalPages: 186,
        year: 1942,
        status: 'completed',
        addedAt: new Date('2026-02-01T10:00:00Z'),
        firstValidatedAt: new Date('2026-02-02T10:00:00Z'),
        lastValidatedAt: new Date('2026-02-20T10:00:00Z'),
      }),
      entry({ addedAt: new Date('2026-01-10T09:00:00Z') }),
    ].map((e) => libraryBook(e, 'Europe/Paris'));
    const [header, asterix, etranger, germinal] = lines(goodreadsCsv(books));
    expect(header).toBe(GOODREADS_HEADER.join(','));
    expect(header?.split(',')).toHaveLength(24);
    expect(asterix).toBe(
      ',Astérix le Gaulois,René Goscinny,"Goscinny, René",Albert Uderzo,"=""201210133X""","=""9782012101333""",0,,,,48,,1961,,2026/03/01,to-read,to-read (#2),to-read,,,,0,0',
    );
    expect(etranger).toBe(
      `,L'Étranger,Albert Camus,"Camus, Albert",,"=""2070360024""","=""9782070360024""",0,,,,186,,1942,2026/02/20,2026/02/01,,,read,,,,1,0`,
    );
    expect(germinal).toBe(
      ',Germinal,Émile Zola,"Zola, Émile",,"=""""","=""""",0,,,,592,,1885,,2026/01/10,to-read,to-read (#1),to-read,,,,0,0',
    );
  });

  it('puts a stopped book on did-not-finish besides its exclusive shelf', () => {
    const stopped = libraryBook(
      entry({ status: 'in_progress', abandonedAt: new Date('2026-03-01T10:00:00Z') }),
      'Europe/Paris',
    );
    const [, row] = lines(goodreadsCsv([stopped]));
    expect(row).toContain(
      ',"did-not-finish, currently-reading","did-not-finish (#1), currently-reading (#1)",currently-reading,',
    );
  });

  it('neutralises a title or a name a spreadsheet would run as a formula', () => {
    const books = ['=1+2', '+33 6', '-1', '@SUM(A1)'].map((title) =>
      libraryBook(entry({ title, author: '=HYPERLINK("http://x")' }), 'Europe/Paris'),
    );
    for (const row of lines(goodreadsCsv(books)).slice(1)) {
      const [, title, author] = row.split(',');
      expect(title?.startsWith("'")).toBe(true);
      expect(author).toBe(`"'=HYPERLINK(""http://x"")"`);
    }
    for (const row of lines(storygraphCsv(books)).slice(1)) {
      expect(row.startsWith("'")).toBe(true);
    }
  });

  it('lets out no formula but an ISBN’s digits', () => {
    expect(() => csvTextCode('=1+2')).toThrow();
    expect(csvField(csvTextCode(null))).toBe('"="""""');
  });
});

describe('the StoryGraph export', () => {
  it('has StoryGraph’s header, its statuses, every reading in Dates Read', () => {
    const books = [
      entry({
        title: 'Les Misérables',
        author: 'Victor Hugo',
        isbn13: '9782253096337',
        status: 'completed',
        readElsewhereAt: new Date('2024-03-05T12:00:00Z'),
        firstValidatedAt: new Date('2026-02-02T10:00:00Z'),
        lastValidatedAt: new Date('2026-02-20T10:00:00Z'),
      }),
      entry({ title: 'Nana', status: 'in_progress', abandonedAt: new Date() }),
      entry({ title: 'Candide', author: 'Voltaire', status: 'in_progress' }),
      entry({ author: 'René Goscinny et Albert Uderzo' }),
    ].map((e) => libraryBook(e, 'Europe/Paris'));
    const [header, miserables, nana, candide, germinal] = lines(storygraphCsv(books));
    expect(header).toBe(STORYGRAPH_HEADER.join(','));
    expect(header?.split(',')).toHaveLength(23);
    expect(miserables).toBe(
      'Les Misérables,Victor Hugo,,9782253096337,,read,2026/01/10,2026/02/20,"2024/03/05, 2026/02/02-2026/02/20",2,,,,,,,,,,,,,No',
    );
    expect(nana).toBe('Nana,Émile Zola,,,,did-not-finish,2026/01/10,,,0,,,,,,,,,,,,,No');
    expect(candide).toBe('Candide,Voltaire,,,,currently-reading,2026/01/10,,,0,,,,,,,,,,,,,No');
    expect(germinal).toBe(
      'Germinal,"René Goscinny, Albert Uderzo",,,,to-read,2026/01/10,,,0,,,,,,,,,,,,,No',
    );
  });
});
