// The one CSV writer of the app (every export: the reader's history, the back office's
// lists). RFC 4180 quoting, and a text a spreadsheet would run as a formula is neutralised
// (OWASP "CSV injection"): whoever wrote a title or a name, opening the file runs nothing.

export type CsvValue = string | number | boolean | null;

/** Leading characters that make a spreadsheet read a cell as a formula (or split it so). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: null as empty, numbers and booleans as they are, a text starting like a formula
 * behind an apostrophe; quoted when it holds the separator, a quote or a line break.
 */
export function csvField(value: CsvValue, separator = ','): string {
  if (value === null) return '';
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
