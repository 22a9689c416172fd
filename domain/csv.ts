// The one CSV writer of the app (every export: the reader's history, their library in other
// services' formats, the back office's lists). RFC 4180 quoting, and a text a spreadsheet would
// run as a formula is neutralised (OWASP "CSV injection"): whoever wrote a title or a name,
// opening the file runs nothing.

/**
 * A code a spreadsheet must keep as text (an ISBN's leading zero), written `="…"` the way
 * Goodreads writes its ISBN columns. Only made by `csvTextCode`, from digits and X alone:
 * the one formula the writer lets out, and it runs nothing.
 */
export type CsvTextCode = { readonly textCode: string };

export type CsvValue = string | number | boolean | null | CsvTextCode;

/** Leading characters that make a spreadsheet read a cell as a formula (or split it so). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A code (ISBN) as `="…"`; empty `=""` for none. Throws on anything but digits and X. */
export function csvTextCode(code: string | null): CsvTextCode {
  const text = code ?? '';
  if (!/^[0-9X]*$/.test(text)) throw new Error('csvTextCode: digits and X only');
  return { textCode: text };
}

/**
 * One field: null as empty, numbers and booleans as they are, a text starting like a formula
 * behind an apostrophe; quoted when it holds the separator, a quote or a line break.
 */
export function csvField(value: CsvValue, separator = ','): string {
  if (value === null) return '';
  if (typeof value === 'object') return `"=""${csvTextCode(value.textCode).textCode}"""`;
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  const quoted = text.includes(separator) || /["\n\r]/.test(text);
  return quoted ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF (RFC 4180). */
export function csvLine(values: readonly CsvValue[], separator = ','): string {
  return `${values.map((v) => csvField(v, separator)).join(separator)}\r\n`;
}

/** What starts a CSV file: a byte-order mark, so that a spreadsheet opens the accents right. */
export const CSV_BOM = '\ufeff';
