import { fill } from './messages/fill';
import { importMessages as m } from './messages/insights';

/** What an imported row asks for in the reading list. */
export const IMPORT_SHELVES = ['to_read', 'read', 'abandoned'] as const;
export type ImportShelf = (typeof IMPORT_SHELVES)[number];

/** Rows one file may hold (a Goodreads export of a very big library is a few thousand). */
export const IMPORT_MAX_ROWS = 5000;

export type ImportRow = {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  title: string;
  author: string;
  shelf: ImportShelf;
  /** 'YYYY-MM-DD' the book was finished, when the export says. */
  readOn: string | null;
};

export type ImportParse = { ok: true; rows: ImportRow[] } | { ok: false; errors: string[] };

// Goodreads: Title, Author, Exclusive Shelf, Date Read. StoryGraph: Title, Authors, Read
// Status, Last Date Read. Both write dates as YYYY/MM/DD.
const columns = {
  title: ['title'],
  author: ['author', 'authors'],
  shelf: ['exclusive shelf', 'read status'],
  readOn: ['date read', 'last date read'],
};
const shelves: Record<string, ImportShelf> = {
  'to-read': 'to_read',
  'currently-reading': 'to_read',
  read: 'read',
  'did-not-finish': 'abandoned',
};

/**
 * Rows of a Goodreads or StoryGraph export, from its records (the CSV already split into
 * fields, line numbers alongside): every problem is reported with its line, in French, and
 * no row is kept when there is one (the import changes nothing).
 */
export function importRows(records: readonly { line: number; fields: string[] }[]): ImportParse {
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: [m.emptyFile] };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const index = (keys: string[]) => names.findIndex((n) => keys.includes(n));
  const at = {
    title: index(columns.title),
    author: index(columns.author),
    shelf: index(columns.shelf),
    readOn: index(columns.readOn),
  };
  if (at.title < 0 || at.author < 0 || at.shelf < 0) {
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
    const shelf = shelves[shelfName];
    const readOn = parseExportDate(cell(at.readOn));
    if (!title) errors.push(fill(m.missingTitle, { line }));
    else if (!author) errors.push(fill(m.missingAuthor, { line }));
    else if (!shelf) errors.push(fill(m.unknownShelf, { line, shelf: shelfName || '' }));
    else if (readOn === undefined) errors.push(fill(m.badDate, { line }));
    else rows.push({ line, title, author, shelf, readOn });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}

/** 'YYYY/MM/DD' (or with dashes) as 'YYYY-MM-DD'; null when empty, undefined when invalid. */
function parseExportDate(text: string): string | null | undefined {
  if (!text) return null;
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]?.padStart(2, '0')}-${match[3]?.padStart(2, '0')}`;
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

// 'Hugo, Victor' → 'victor hugo'.
function authorKey(name: string): string {
  const [family, given] = name.split(',');
  return matchKey(given ? `${given} ${family}` : name, 'author');
}
