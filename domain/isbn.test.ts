import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isbn10To13,
  isbn13To10,
  isValidIsbn10,
  isValidIsbn13,
  looksLikeIsbn,
  normalizeIsbnInput,
  parseIsbn,
  toIsbn13,
} from './isbn';
import { isbnMessages } from './messages/book-lookup';

describe('a typed ISBN', () => {
  it('drops spaces, hyphens and typographic dashes, X upper-case', () => {
    expect(normalizeIsbnInput(' 0-8044–2957 x ')).toBe('080442957X');
    expect(normalizeIsbnInput('978\u00a02\u201107\u2010036002\u20124')).toBe('9782070360024');
  });

  it('turns a valid ISBN-10 into its ISBN-13 (« L’Étranger », Folio)', () => {
    expect(parseIsbn('2-07-036002-4')).toEqual({ ok: true, isbn13: '9782070360024' });
    expect(parseIsbn('0-8044-2957-x')).toEqual({ ok: true, isbn13: '9780804429573' });
  });

  it('keeps a valid ISBN-13, with 978 or 979', () => {
    expect(parseIsbn('978-2-07-040850-4')).toEqual({ ok: true, isbn13: '9782070408504' });
    expect(parseIsbn('979 10 322 8419 3')).toEqual({ ok: true, isbn13: '9791032284193' });
  });

  it('says in French why an ISBN is refused', () => {
    expect(parseIsbn('  ')).toEqual({ ok: false, message: isbnMessages.empty });
    expect(parseIsbn('2-07-03600A-4')).toEqual({ ok: false, message: isbnMessages.badCharacters });
    expect(parseIsbn('97820703600X4')).toEqual({ ok: false, message: isbnMessages.badCharacters });
    expect(parseIsbn('978207036002X')).toEqual({ ok: false, message: isbnMessages.badCharacters });
    expect(parseIsbn('207036002')).toEqual({ ok: false, message: isbnMessages.badLength });
    expect(parseIsbn('97820703600245')).toEqual({ ok: false, message: isbnMessages.badLength });
    expect(parseIsbn('9772070360024')).toEqual({ ok: false, message: isbnMessages.badPrefix });
    expect(parseIsbn('2-07-036002-5')).toEqual({ ok: false, message: isbnMessages.badCheckDigit });
    expect(parseIsbn('978-2-07-040850-5')).toEqual({
      ok: false,
      message: isbnMessages.badCheckDigit,
    });
    expect(toIsbn13('2070360025')).toBeNull();
    expect(toIsbn13('2070360024')).toBe('9782070360024');
  });

  it('tells an ISBN from a title made of digits', () => {
    expect(looksLikeIsbn('2-07-036002-4')).toBe(true);
    expect(looksLikeIsbn('080442957X')).toBe(true);
    expect(looksLikeIsbn('978 2 07 036002 4')).toBe(true);
    expect(looksLikeIsbn('2070360025')).toBe(true);
    expect(looksLikeIsbn('1984')).toBe(false);
    expect(looksLikeIsbn('2666')).toBe(false);
    expect(looksLikeIsbn('L’Étranger')).toBe(false);
    expect(looksLikeIsbn('Camus 1942')).toBe(false);
  });

  const isbn10 = fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
    .map((digits) => {
      const sum = digits.reduce((s, d, i) => s + d * (10 - i), 0);
      const check = (11 - (sum % 11)) % 11;
      return digits.join('') + (check === 10 ? 'X' : String(check));
    });

  it('converts every valid ISBN-10 into a valid ISBN-13 with the same nine digits', () => {
    fc.assert(
      fc.property(isbn10, (isbn) => {
        expect(isValidIsbn10(isbn)).toBe(true);
        const isbn13 = isbn10To13(isbn);
        expect(isValidIsbn13(isbn13)).toBe(true);
        expect(isbn13.slice(3, 12)).toBe(isbn.slice(0, 9));
        expect(isbn13To10(isbn13)).toBe(isbn);
      }),
    );
  });

  it('gives the ISBN-10 of a 978 ISBN-13 only (« L’Étranger », Folio; X as check digit)', () => {
    expect(isbn13To10('9782070360024')).toBe('2070360024');
    expect(isbn13To10('9780804429573')).toBe('080442957X');
    expect(isbn13To10('9791032284193')).toBeNull();
    expect(isbn13To10('9782070360025')).toBeNull();
  });

  it('refuses any ISBN-10 or ISBN-13 with one digit mistyped', () => {
    fc.assert(
      fc.property(
        isbn10,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (isbn, position, shift) => {
          const isbn13 = isbn10To13(isbn);
          const typo = (s: string, at: number) =>
            s.slice(0, at) + String((Number(s[at]) + shift) % 10) + s.slice(at + 1);
          expect(isValidIsbn10(typo(isbn, position))).toBe(false);
          expect(isValidIsbn13(typo(isbn13, position + 3))).toBe(false);
        },
      ),
    );
  });
});
