import { describe, expect, it } from 'vitest';
import { bookRequestBodySchema } from './book-requests.schemas';
import { isValidIsbn, normalizeIsbnInput } from './isbn';
import { euros, monthlyOf } from './premium';

describe('ISBN checksums (a request’s optional ISBN, stored as typed without separators)', () => {
  it('accepts valid ISBN-10 (X included) and ISBN-13, with hyphens or spaces', () => {
    for (const isbn of [
      '2-07-036002-4',
      '0-8044-2957-X',
      '080442957x',
      '978-2-07-040850-4',
      '978 0 306 40615 7',
    ]) {
      expect(isValidIsbn(isbn)).toBe(true);
    }
  });
  it('refuses a wrong check digit, a wrong length or letters', () => {
    for (const isbn of [
      '2-07-036002-5',
      '978-2-07-040850-5',
      '12345',
      'abcdefghij',
      '97820704085041',
    ]) {
      expect(isValidIsbn(isbn)).toBe(false);
    }
  });
  it('stores the ISBN without hyphens, X upper-case', () => {
    expect(normalizeIsbnInput('0-8044-2957-x')).toBe('080442957X');
  });
});

describe('the request form’s rules', () => {
  it('trims, turns empty optional fields into null, and needs a title', () => {
    expect(bookRequestBodySchema.parse({ title: ' Candide ', author: ' ', reason: '' })).toEqual({
      title: 'Candide',
      author: null,
      isbn: null,
      reason: null,
    });
    const missing = bookRequestBodySchema.safeParse({ title: '  ' });
    expect(missing.error?.issues[0]?.message).toBe('Le titre du livre est obligatoire');
  });
});

describe('pricing', () => {
  it('shows the annual price per month as the spec does', () => {
    expect(euros(monthlyOf(50))).toBe('4,17\u00a0€');
    expect(euros(29)).toBe('29\u00a0€');
  });
});
