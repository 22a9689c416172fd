// ISBNs as readers type them (docs/decisions/042-book-lookup.md): spaces and hyphens allowed,
// ISBN-10 (check digit 0-9 or X) or ISBN-13, always stored and looked up as an ISBN-13.

import { isbnMessages } from './messages/book-lookup';

/** A typed ISBN: its ISBN-13, or the French reason it is refused. */
export type IsbnResult = { ok: true; isbn13: string } | { ok: false; message: string };

/** The ISBN without spaces and hyphens (any Unicode dash or space), X upper-case. */
export function normalizeIsbnInput(text: string): string {
  return text.replace(/[\s\p{Pd}]/gu, '').toUpperCase();
}

function isbn10Sum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(digits[i]) * (10 - i);
  return sum;
}

function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** True for a normalised ISBN-10 whose check digit (0-9 or X for 10) is right. */
export function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  const last = isbn[9] === 'X' ? 10 : Number(isbn[9]);
  return (isbn10Sum(isbn) + last) % 11 === 0;
}

/** True for a normalised ISBN-13 (prefix 978 or 979) whose check digit is right. */
export function isValidIsbn13(isbn: string): boolean {
  return /^97[89]\d{10}$/.test(isbn) && isbn13CheckDigit(isbn) === isbn[12];
}

/** True for a valid ISBN-10 or ISBN-13 as typed (spaces and hyphens allowed). */
export function isValidIsbn(text: string): boolean {
  const isbn = normalizeIsbnInput(text);
  return isValidIsbn10(isbn) || isValidIsbn13(isbn);
}

/** The ISBN-13 of a valid normalised ISBN-10: prefix 978, check digit computed again. */
export function isbn10To13(isbn10: string): string {
  const first12 = `978${isbn10.slice(0, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

/**
 * True when a search text is meant as an ISBN rather than a title: only digits, separators
 * and a final X, with at least ten digits ('1984' or '2666' stay titles).
 */
export function looksLikeIsbn(text: string): boolean {
  const isbn = normalizeIsbnInput(text);
  return /^\d{9,}X?$/.test(isbn) && isbn.length >= 10;
}

/** Reads a typed ISBN-10 or ISBN-13 into its ISBN-13, or says in French why it is refused. */
export function parseIsbn(text: string): IsbnResult {
  const isbn = normalizeIsbnInput(text);
  if (isbn === '') return { ok: false, message: isbnMessages.empty };
  if (!/^\d+X?$/.test(isbn)) return { ok: false, message: isbnMessages.badCharacters };
  if (isbn.length === 10) {
    return isValidIsbn10(isbn)
      ? { ok: true, isbn13: isbn10To13(isbn) }
      : { ok: false, message: isbnMessages.badCheckDigit };
  }
  if (isbn.length !== 13) return { ok: false, message: isbnMessages.badLength };
  if (isbn.endsWith('X')) return { ok: false, message: isbnMessages.badCharacters };
  if (!/^97[89]/.test(isbn)) return { ok: false, message: isbnMessages.badPrefix };
  return isValidIsbn13(isbn)
    ? { ok: true, isbn13: isbn }
    : { ok: false, message: isbnMessages.badCheckDigit };
}

/** The ISBN-13 of a catalogue's ISBN-10 or ISBN-13 string, or null when it is not a valid one. */
export function toIsbn13(text: string): string | null {
  const parsed = parseIsbn(text);
  return parsed.ok ? parsed.isbn13 : null;
}

/**
 * The ISBN-10 of an ISBN-13 of prefix 978 (check digit computed again, X for 10); null for a
 * 979 one, which has none, or anything that is not a valid ISBN-13.
 */
export function isbn13To10(isbn13: string): string | null {
  if (!isValidIsbn13(isbn13) || !isbn13.startsWith('978')) return null;
  const first9 = isbn13.slice(3, 12);
  const check = (11 - (isbn10Sum(first9) % 11)) % 11;
  return first9 + (check === 10 ? 'X' : String(check));
}
