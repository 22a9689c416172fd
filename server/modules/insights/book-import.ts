import { parse } from 'csv-parse/sync';
import { authorsMatch, type ImportRow, importRows, matchKey } from '../../../domain/book-import';
import type { ImportPreview } from '../../../domain/insights.schemas';
import { fill } from '../../../domain/messages/fill';
import { importMessages as m } from '../../../domain/messages/insights';
import type { Db } from '../../db/client';
import { booksSql } from '../books';

type CatalogueBook = {
  id: string;
  slug: string;
  title: string;
  author: string;
  isbn13: string | null;
};

/**
 * The rows of a CSV export, or its errors (line-numbered, French). RFC 4180 by csv-parse:
 * quoted fields may hold commas, quotes and line breaks, so a record's line is where it starts.
 */
export function parseExport(csv: string) {
  const text = csv.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, { info: true, relax_column_count: true }) as unknown as typeof parsed;
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    const quoteOpen = code === 'CSV_QUOTE_NOT_CLOSED';
    const line = quoteOpen ? unclosedQuoteLine(text) : (lines ?? 1);
    const reason = quoteOpen ? m.unclosedQuote : m.fieldCount;
    return { ok: false as const, errors: [fill(m.malformed, { line, reason })] };
  }
  // Empty lines are records too (not skipped), so each record starts after the previous end.
  let previousEnd = 0;
  const records = parsed.map(({ record, info }) => {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    return { line, fields: record };
  });
  return importRows(records.filter((r) => r.fields.some((f) => f.trim() !== '')));
}

/** The line a quoted field opened on and never closed (RFC 4180: "" is a quote inside). */
function unclosedQuoteLine(text: string): number {
  let line = 1;
  let openedOn = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\n') line += 1;
    else if (c === '"') {
      if (quoted && text[i + 1] === '"') i += 1;
      else {
        quoted = !quoted;
        if (quoted) openedOn = line;
      }
    }
  }
  return openedOn;
}

/**
 * Each row matched to a published book of the catalogue, by its ISBN-13 when the catalogue
 * has that one, else by title and one of its authors; or not matched.
 */
export async function matchRows(
  db: Db,
  rows: readonly ImportRow[],
  listed: ReadonlySet<string>,
): Promise<ImportPreview> {
  const result = await db.execute<CatalogueBook>(booksSql.publishedTitles());
  const byTitle = new Map<string, CatalogueBook[]>();
  const byIsbn = new Map<string, CatalogueBook>();
  for (const book of result.rows) {
    const key = matchKey(book.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), book]);
    if (book.isbn13) byIsbn.set(book.isbn13, book);
  }
  const preview: ImportPreview = { matched: [], unmatched: [] };
  const seen = new Set<string>();
  for (const row of rows) {
    const book =
      (row.isbn13 ? byIsbn.get(row.isbn13) : undefined) ??
      byTitle.get(matchKey(row.title))?.find((b) => authorsMatch(b.author, row.authors));
    const entry = { line: row.line, title: row.title, author: row.author, shelf: row.shelf };
    if (!book) preview.unmatched.push(entry);
    else if (!seen.has(book.id)) {
      seen.add(book.id);
      preview.matched.push({
        ...entry,
        readOn: row.readOn,
        book: { id: book.id, slug: book.slug, title: book.title, author: book.author },
        alreadyInList: listed.has(book.id),
      });
    }
  }
  return preview;
}
