// The reader's library in Goodreads' and StoryGraph's own export formats, column for column, so
// that either service's import takes the file (decision 052): their headers, their shelf and
// status words, their dates (YYYY/MM/DD), Goodreads' ISBN cells as ="…". Written by the app's
// one CSV writer (domain/csv.ts): a title or a name never runs as a formula.

import { localTime } from './calendar';
import { type CsvValue, csvLine, csvTextCode } from './csv';
import { isbn13To10, isValidIsbn13 } from './isbn';
import type { ReadingStatus } from './segments';

/** Goodreads' library_export.csv header, in its order. */
export const GOODREADS_HEADER = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const;

/** StoryGraph's export header, in its order. */
export const STORYGRAPH_HEADER = [
  'Title',
  'Authors',
  'Contributors',
  'ISBN/UID',
  'Format',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Dates Read',
  'Read Count',
  'Moods',
  'Pace',
  'Character- or Plot-Driven?',
  'Strong Character Development?',
  'Loveable Characters?',
  'Diverse Characters?',
  'Flawed Characters?',
  'Star Rating',
  'Review',
  'Content Warnings',
  'Content Warning Description',
  'Tags',
  'Owned?',
] as const;

/** A book of the reader's list as the reading module reads it (instants, not days yet). */
export type LibraryEntry = {
  title: string;
  author: string;
  isbn13: string | null;
  totalPages: number;
  year: number | null;
  status: ReadingStatus;
  addedAt: Date;
  abandonedAt: Date | null;
  /** Finished elsewhere, by an import: noon UTC of the day the other service gave. */
  readElsewhereAt: Date | null;
  firstValidatedAt: Date | null;
  lastValidatedAt: Date | null;
};

/** Goodreads' three exclusive shelves; StoryGraph's read statuses use the same words. */
export type ExportShelf = 'read' | 'currently-reading' | 'to-read';

/** A finished reading: its first and last days ('YYYY-MM-DD'; no first day for an import's). */
type Read = { start: string | null; end: string };

export type LibraryBook = {
  title: string;
  authors: string[];
  isbn13: string | null;
  pages: number;
  year: number | null;
  shelf: ExportShelf;
  abandoned: boolean;
  addedOn: string;
  /** Oldest first. */
  reads: Read[];
};

/** The words Goodreads readers and StoryGraph use for a book they stopped. */
const DID_NOT_FINISH = 'did-not-finish';

/**
 * One book of the list in the exports' terms: finished (its last validation, or the day an
 * import said), in progress, or to read; days in the reader's time zone.
 */
export function libraryBook(entry: LibraryEntry, timeZone: string): LibraryBook {
  const day = (at: Date) => localTime(at, timeZone).day;
  const reads: Read[] = [];
  // An import's day was stored at noon UTC: its UTC date is the day the other service gave.
  if (entry.readElsewhereAt) {
    reads.push({ start: null, end: entry.readElsewhereAt.toISOString().slice(0, 10) });
  }
  if (entry.status === 'completed' && entry.lastValidatedAt) {
    const first = entry.firstValidatedAt ?? entry.lastValidatedAt;
    reads.push({ start: day(first), end: day(entry.lastValidatedAt) });
  }
  reads.sort((a, b) => a.end.localeCompare(b.end));
  const shelf: ExportShelf =
    entry.status === 'in_progress' ? 'currently-reading' : reads.length > 0 ? 'read' : 'to-read';
  return {
    title: entry.title,
    authors: splitAuthors(entry.author),
    isbn13: entry.isbn13 && isValidIsbn13(entry.isbn13) ? entry.isbn13 : null,
    pages: entry.totalPages,
    year: entry.year,
    shelf,
    abandoned: entry.abandonedAt !== null && entry.status !== 'completed',
    addedOn: day(entry.addedAt),
    reads,
  };
}

/** 'Goscinny et Uderzo', 'A, B' or 'A & B' as their names. */
export function splitAuthors(author: string): string[] {
  const names = author
    .split(/\s*[,;&]\s*|\s+et\s+/u)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length > 0 ? names : [author.trim()];
}

/** 'Victor Hugo' → 'Hugo, Victor'; 'Honoré de Balzac' → 'Balzac, Honoré de'; one word as is. */
export function lastFirst(name: string): string {
  const words = name.trim().split(/\s+/);
  const last = words.pop();
  return words.length === 0 || !last ? name.trim() : `${last}, ${words.join(' ')}`;
}

/** 'YYYY-MM-DD' as both services write a day. */
const slashed = (day: string | null | undefined) => (day ? day.replaceAll('-', '/') : null);

/** The last day the book was finished, if ever. */
const lastRead = (book: LibraryBook) => book.reads.at(-1)?.end ?? null;

/**
 * Goodreads' export of `books`, most recently added first as Goodreads lists them: no Book Id
 * (ours would be taken for one of theirs), the ISBNs as ="…" (an ISBN-10 only for a 978
 * ISBN-13), the shelf as Exclusive Shelf, and in Bookshelves the shelves it is on with its
 * place on each (Goodreads lists no 'read' there); a book stopped is also on 'did-not-finish',
 * a shelf of the reader's own in Goodreads.
 */
export function goodreadsCsv(books: readonly LibraryBook[]): string {
  const shelvesOf = (book: LibraryBook) => [
    ...(book.abandoned ? [DID_NOT_FINISH] : []),
    ...(book.shelf === 'read' ? [] : [book.shelf]),
  ];
  const places = shelfPlaces(books, shelvesOf);
  const lines = books.map((book, i) => {
    const [author = '', ...others] = book.authors;
    const shelves = shelvesOf(book);
    const row: Record<(typeof GOODREADS_HEADER)[number], CsvValue> = {
      'Book Id': null,
      Title: book.title,
      Author: author,
      'Author l-f': lastFirst(author),
      'Additional Authors': others.join(', '),
      ISBN: csvTextCode(book.isbn13 ? isbn13To10(book.isbn13) : null),
      ISBN13: csvTextCode(book.isbn13),
      'My Rating': 0,
      'Average Rating': null,
      Publisher: null,
      Binding: null,
      'Number of Pages': book.pages,
      'Year Published': null,
      'Original Publication Year': book.year,
      'Date Read': slashed(lastRead(book)),
      'Date Added': slashed(book.addedOn),
      Bookshelves: shelves.join(', '),
      'Bookshelves with positions': shelves
        .map((shelf) => `${shelf} (#${places[i]?.get(shelf)})`)
        .join(', '),
      'Exclusive Shelf': book.shelf,
      'My Review': null,
      Spoiler: null,
      'Private Notes': null,
      'Read Count': book.reads.length,
      'Owned Copies': 0,
    };
    return csvLine(GOODREADS_HEADER.map((column) => row[column]));
  });
  return csvLine(GOODREADS_HEADER) + lines.join('');
}

/**
 * StoryGraph's export of `books`: the authors in one cell, the ISBN-13 as is, the read status, every
 * reading in Dates Read ('start-end', or the end alone when only it is known), owned 'No'.
 * StoryGraph's format has no page count.
 */
export function storygraphCsv(books: readonly LibraryBook[]): string {
  const lines = books.map((book) => {
    const row: Record<(typeof STORYGRAPH_HEADER)[number], CsvValue> = {
      Title: book.title,
      Authors: book.authors.join(', '),
      Contributors: null,
      'ISBN/UID': book.isbn13,
      Format: null,
      'Read Status': book.abandoned ? DID_NOT_FINISH : book.shelf,
      'Date Added': slashed(book.addedOn),
      'Last Date Read': slashed(lastRead(book)),
      'Dates Read': book.reads
        .map((read) =>
          read.start ? `${slashed(read.start)}-${slashed(read.end)}` : slashed(read.end),
        )
        .join(', '),
      'Read Count': book.reads.length,
      Moods: null,
      Pace: null,
      'Character- or Plot-Driven?': null,
      'Strong Character Development?': null,
      'Loveable Characters?': null,
      'Diverse Characters?': null,
      'Flawed Characters?': null,
      'Star Rating': null,
      Review: null,
      'Content Warnings': null,
      'Content Warning Description': null,
      Tags: null,
      'Owned?': 'No',
    };
    return csvLine(STORYGRAPH_HEADER.map((column) => row[column]));
  });
  return csvLine(STORYGRAPH_HEADER) + lines.join('');
}

/** Each book's place on each of its shelves: 1 for the one added first (the list's last). */
function shelfPlaces(
  books: readonly LibraryBook[],
  shelvesOf: (book: LibraryBook) => string[],
): Map<string, number>[] {
  const counts = new Map<string, number>();
  const places = books.map(() => new Map<string, number>());
  for (let index = books.length - 1; index >= 0; index -= 1) {
    const book = books[index];
    if (!book) continue;
    for (const shelf of shelvesOf(book)) {
      const place = (counts.get(shelf) ?? 0) + 1;
      counts.set(shelf, place);
      places[index]?.set(shelf, place);
    }
  }
  return places;
}
