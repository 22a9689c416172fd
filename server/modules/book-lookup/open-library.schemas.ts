// Open Library's answers as the lookup reads them (docs/decisions/042-book-lookup.md), checked
// with zod before any field is used: a remote answer is input like any other. Objects keep
// only the fields read here (Open Library adds fields over time); a field of the wrong type
// makes the whole answer malformed.

import { z } from 'zod';
import { toIsbn13 } from '../../../domain/isbn';

/** One edition found in the open catalogue, ready to fill the add-a-book form. */
export type LookupEdition = {
  /** Open Library's key of what was found: an edition (/books/OL…M) or a work (/works/OL…W). */
  sourceKey: string;
  title: string;
  /** The authors' names, comma-separated; '' when the catalogue names none. */
  author: string;
  pageCount: number | null;
  isbn13: string | null;
  year: number | null;
  coverUrl: string | null;
};

// Keys become paths of follow-up requests: only Open Library's own shapes are followed.
export const AUTHOR_KEY = /^\/authors\/OL\d+A$/;
export const WORK_KEY = /^\/works\/OL\d+W$/;
export const EDITION_PATH = /\/books\/OL\d+M\.json$/;

const keyRef = z.object({ key: z.string() });

/** The `fields` the search asks for, and nothing else. */
export const SEARCH_FIELDS = [
  'key',
  'title',
  'author_name',
  'first_publish_year',
  'number_of_pages_median',
  'cover_i',
  'isbn',
] as const;

const searchDoc = z.object({
  key: z.string().min(1),
  title: z.string().optional(),
  author_name: z.array(z.string()).optional(),
  first_publish_year: z.number().int().optional(),
  number_of_pages_median: z.number().int().optional(),
  cover_i: z.number().int().optional(),
  isbn: z.array(z.string()).optional(),
});

export const searchResponse = z.object({
  numFound: z.number().int().nonnegative(),
  docs: z.array(searchDoc),
});

export const editionRecord = z.object({
  key: z.string().min(1),
  title: z.string(),
  authors: z.array(keyRef).optional(),
  works: z.array(keyRef).optional(),
  number_of_pages: z.number().int().optional(),
  isbn_10: z.array(z.string()).optional(),
  isbn_13: z.array(z.string()).optional(),
  covers: z.array(z.number().int()).optional(),
  publish_date: z.string().optional(),
});
export type EditionRecord = z.infer<typeof editionRecord>;

export const workRecord = z.object({
  key: z.string().min(1),
  authors: z.array(z.object({ author: keyRef })).optional(),
});

export const authorRecord = z.object({ key: z.string().min(1), name: z.string() });

/** At most this many authors are named (and fetched, for an edition). */
export const MAX_AUTHORS = 3;

const positive = (n: number | undefined) => (n !== undefined && n > 0 ? n : null);

function coverUrl(coversUrl: string, id: number | undefined): string | null {
  return id !== undefined && id > 0 ? `${coversUrl}/b/id/${id}-L.jpg` : null;
}

const cleanText = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The ISBN-13 to offer among a work's ISBNs: a valid French-language one first (978-2, and
 * 979-10 for France), since Lisons is read in French, else the first valid one.
 */
export function preferredIsbn13(isbns: readonly string[]): string | null {
  const valid = isbns.map(toIsbn13).filter((isbn): isbn is string => isbn !== null);
  return valid.find((isbn) => /^(9782|97910)/.test(isbn)) ?? valid[0] ?? null;
}

/** A search's works as editions to pick from (a work without a title is left out). */
export function editionsOfSearch(
  response: z.infer<typeof searchResponse>,
  coversUrl: string,
): LookupEdition[] {
  return response.docs.flatMap((doc) => {
    const title = cleanText(doc.title ?? '');
    if (title === '') return [];
    return [
      {
        sourceKey: doc.key,
        title,
        author: (doc.author_name ?? []).slice(0, MAX_AUTHORS).map(cleanText).join(', '),
        pageCount: positive(doc.number_of_pages_median),
        isbn13: preferredIsbn13(doc.isbn ?? []),
        year: positive(doc.first_publish_year),
        coverUrl: coverUrl(coversUrl, doc.cover_i),
      },
    ];
  });
}

/** The year in a free-form publication date ('1972', 'March 1999', '2021-03-02'). */
export function yearOf(publishDate: string | undefined): number | null {
  const year = /\b(1[4-9]\d{2}|20\d{2})\b/.exec(publishDate ?? '')?.[1];
  return year === undefined ? null : Number(year);
}

/** An edition record, with its authors' names, as an edition to pick. */
export function editionOfRecord({
  record,
  authors,
  isbn13,
  coversUrl,
}: {
  record: EditionRecord;
  authors: string[];
  /** The ISBN-13 it was found by, when the record lists no valid one. */
  isbn13: string;
  coversUrl: string;
}): LookupEdition {
  return {
    sourceKey: record.key,
    title: cleanText(record.title),
    author: authors.map(cleanText).join(', '),
    pageCount: positive(record.number_of_pages),
    isbn13: preferredIsbn13([...(record.isbn_13 ?? []), ...(record.isbn_10 ?? [])]) ?? isbn13,
    year: yearOf(record.publish_date),
    coverUrl: coverUrl(
      coversUrl,
      record.covers?.find((id) => id > 0),
    ),
  };
}
