import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookSlug, slugify } from './slugs';

describe('bookSlug', () => {
  it.each([
    ["Candide ou l'Optimisme", 'Voltaire', 'candide-ou-l-optimisme-voltaire'],
    ['Les Misérables', 'Victor Hugo', 'les-miserables-victor-hugo'],
    ['Œuvres complètes', 'Émile Zola', 'oeuvres-completes-emile-zola'],
    ['  À la recherche…  ', 'Marcel Proust', 'a-la-recherche-marcel-proust'],
    ['Ça !', '', 'ca'],
  ])('%j by %j → %s', (title, author, slug) => {
    expect(bookSlug(title, author)).toBe(slug);
  });
});

describe('slugify', () => {
  it('always gives lowercase letters, digits and single inner hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(slugify(text)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(slugify(slugify(text))).toBe(slugify(text));
      }),
    );
  });
});
