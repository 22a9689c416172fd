import { toIsbn13 } from './isbn';
import { splitAuthors } from './library-export';
import { fill } from './messages/fill';
import { importMessages as m } from './messages/insights';

/** What an imported row asks for in the reading list. */
export const IMPORT_SHELVES = ['to_read', 'read', 'abandoned'] as const;
export type ImportShelf = (typeof IMPORT_SHELVES)[number];

/** Rows one file may hold (a Goodreads export of a very big library is a few thousand). */
export const IMPORT_MAX_ROWS = 5000;

/** The service whose export a file is, told by its header. */
export type ExportFormat = 'goodreads' | 'storygraph';

export type ImportRow = {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  title: string;
  /** The author cell as the file wrote it (StoryGraph: every author, comma-separated). */
  author: string;
  /** Each author's name, for matching. */
  authors: string[];
  /** The row's ISBN as an ISBN-13, when it has a valid one (StoryGraph may give an ASIN). */
  isbn13: string | null;
  shelf: ImportShelf;
  /** 'YYYY-MM-DD' the book was finished, when the export says. */
  readOn: string | null;
};

export type ImportParse = { ok: true; rows: ImportRow[] } | { ok: false; errors: string[] };

// Each service's columns (lower-cased). Goodreads: one Author, the others in Additional
// Authors, ISBN13 and ISBN as ="…", the shelf in Exclusive Shelf, any other shelf in
// Bookshelves. StoryGraph: every author in Authors, ISBN/UID, Read Status, Last Date Read.
// Both write dates as YYYY/MM/DD; StoryGraph may give only YYYY/MM or YYYY.
const formats = {
  goodreads: {
    shelf: 'exclusive shelf',
    author: ['author', 'authors'],
    otherAuthors: 'additional authors',
    isbns: ['isbn13', 'isbn'],
    readOn: 'date read',
    shelves: 'bookshelves',
  },
  storygraph: {
    shelf: 'read status',
    author: ['authors', 'author'],
    otherAuthors: null,
    isbns: ['isbn/uid'],
    readOn: 'last date read',
    shelves: null,
  },
} as const;

const shelves: Record<ExportFormat, Record<string, ImportShelf>> = {
  goodreads: {
    'to-read': 'to_read',
    'currently-reading': 'to_read',
    read: 'read',
    'did-not-finish': 'abandoned',
  },
  // StoryGraph also has 'paused', and leaves the status empty for a book only tagged.
  storygraph: {
    'to-read': 'to_read',
    'currently-reading': 'to_read',
    paused: 'to_read',
    '': 'to_read',
    read: 'read',
    'did-not-finish': 'abandoned',
  },
};

/** Goodreads or StoryGraph, by the column that holds the shelf; null for neither. */
export function exportFormat(header: readonly string[]): ExportFormat | null {
  const names = header.map((f) => f.trim().toLowerCase());
  if (names.includes(formats.storygraph.shelf)) return 'storygraph';
  if (names.includes(formats.goodreads.shelf)) return 'goodreads';
  return null;
}

/**
 * Rows of a Goodreads or StoryGraph export, from its records (the CSV already split into
 * fields, line numbers alongside): every problem is reported with its line, in French, and
 * no row is kept when there is one (the import changes nothing).
 */
export function importRows(records: readonly { line: number; fields: string[] }[]): ImportParse {
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: [m.emptyFile] };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const format = exportFormat(header.fields);
  const columns = formats[format ?? 'goodreads'];
  const index = (name: string | null) => (name === null ? -1 : names.indexOf(name));
  const first = (list: readonly string[]) => names.findIndex((n) => list.includes(n));
  const at = {
    title: index('title'),
    author: first(columns.author),
    otherAuthors: index(columns.otherAuthors),
    isbns: columns.isbns.map(index).filter((i) => i >= 0),
    shelf: index(columns.shelf),
    readOn: index(columns.readOn),
    shelves: index(columns.shelves),
  };
  if (!format || at.title < 0 || at.author < 0) {
    return { ok: false, errors: [fill(m.unknownHeader, { line: header.line })] };
  }
  if (body.length > IMPORT_MAX_ROWS) return { ok: false, errors: [m.tooManyRows] };
  if (body.length === 0) return { ok: false, errors: [m.noRows] };
  const errors: string[] = [];
  const rows: ImportRow[] = [];
  for (const { line, fields } of body) {
    const cell = (i: number) => (i >= 0 ? (fields[i] ?? '').trim() : '');
    const title = cell(at.title);
    const author = cell(at.author);
    const shelfName = cell(at.shelf).toLowerCase();
    const stopped = listOf(cell(at.shelves)).includes('did-not-finish');
    const listed = shelves[format][shelfName];
    const shelf = stopped && listed && listed !== 'read' ? 'abandoned' : listed;
    const readOn = parseExportDate(cell(at.readOn));
    if (!title) errors.push(fill(m.missingTitle, { line }));
    else if (!author) errors.push(fill(m.missingAuthor, { line }));
    else if (!shelf) errors.push(fill(m.unknownShelf, { line, shelf: shelfName || '' }));
    else if (readOn === undefined) errors.push(fill(m.badDate, { line }));
    else {
      const authors =
        format === 'storygraph' ? listOf(author) : [author, ...listOf(cell(at.otherAuthors))];
      const isbn13 = at.isbns.map((i) => exportIsbn(cell(i))).find((isbn) => isbn !== null);
      rows.push({ line, title, author, authors, isbn13: isbn13 ?? null, shelf, readOn });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}

/** A comma-separated cell as its items ('A, B' → ['A', 'B']). */
function listOf(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** An ISBN cell ('9782070360024', Goodreads' '="2070360024"') as an ISBN-13, else null. */
function exportIsbn(text: string): string | null {
  const bare = text.replace(/^=?"?|"$/g, '').trim();
  return bare === '' ? null : toIsbn13(bare);
}

/**
 * 'YYYY/MM/DD' (or with dashes) as 'YYYY-MM-DD', and StoryGraph's 'YYYY/MM' or 'YYYY' as its
 * first day; null when empty, undefined when invalid.
 */
function parseExportDate(text: string): string | null | undefined {
  if (!text) return null;
  const match = /^(\d{4})(?:[/-](\d{1,2})(?:[/-](\d{1,2}))?)?$/.exec(text);
  if (!match) return undefined;
  const day = `${match[1]}-${(match[2] ?? '1').padStart(2, '0')}-${(match[3] ?? '1').padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day
    ? undefined
    : day;
}

/**
 * A title or a name reduced for matching: no accents, no case, no punctuation, and for a
 * title no series note in brackets ('Candide (Classiques, #3)' → 'candide').
 */
export function matchKey(text: string, kind: 'title' | 'author' = 'title'): string {
  const base = kind === 'title' ? text.replace(/\s*[([][^)\]]*[)\]]\s*$/, '') : text;
  return base
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Same author, accents and case aside: the whole names match, or the family names do
 * ('Voltaire' and 'François-Marie Arouet Voltaire'; 'Hugo, Victor' and 'Victor Hugo').
 */
export function sameAuthor(a: string, b: string): boolean {
  const [x, y] = [authorKey(a), authorKey(b)];
  if (x === y) return true;
  const last = (s: string) => s.split(' ').at(-1) ?? '';
  return last(x) !== '' && last(x) === last(y);
}

/**
 * True when one of a row's authors is the catalogue book's author, or one of its co-authors
 * ('René Goscinny' for 'René Goscinny et Albert Uderzo').
 */
export function authorsMatch(bookAuthor: string, rowAuthors: readonly string[]): boolean {
  const names = [bookAuthor, ...splitAuthors(bookAuthor)];
  return rowAuthors.some((author) => names.some((name) => sameAuthor(name, author)));
}

// 'Hugo, Victor' → 'victor hugo'.
function authorKey(name: string): string {
  const [family, given] = name.split(',');
  return matchKey(given ? `${given} ${family}` : name, 'author');
}
