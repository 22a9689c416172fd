import { describe, expect, it } from 'vitest';
import { importRows, matchKey, sameAuthor } from './book-import';

const rec = (rows: string[][]) => rows.map((fields, i) => ({ line: i + 1, fields }));

describe('importRows', () => {
  it('reads a Goodreads export: shelves and dates', () => {
    const parsed = importRows(
      rec([
        ['Book Id', 'Title', 'Author', 'Exclusive Shelf', 'Date Read'],
        ['1', 'Candide', 'Voltaire', 'read', '2024/03/05'],
        ['2', 'Germinal', 'Émile Zola', 'to-read', ''],
      ]),
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, title: 'Candide', author: 'Voltaire', shelf: 'read', readOn: '2024-03-05' },
        { line: 3, title: 'Germinal', author: 'Émile Zola', shelf: 'to_read', readOn: null },
      ],
    });
  });

  it('reads a StoryGraph export, did-not-finish as abandoned', () => {
    const parsed = importRows(
      rec([
        ['Title', 'Authors', 'Read Status', 'Last Date Read'],
        ['Nana', 'Émile Zola', 'did-not-finish', ''],
      ]),
    );
    expect(parsed.ok && parsed.rows[0]?.shelf).toBe('abandoned');
  });

  it('lists every bad line in French, and keeps no row', () => {
    const parsed = importRows(
      rec([
        ['Title', 'Author', 'Exclusive Shelf', 'Date Read'],
        ['', 'X', 'read', ''],
        ['Y', 'Z', 'lu', ''],
        ['A', 'B', 'read', '2024/02/30'],
        ['C', '', 'read', ''],
      ]),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: [
        'Ligne 2\u00a0: titre manquant.',
        'Ligne 3\u00a0: statut «\u00a0lu\u00a0» inconnu.',
        'Ligne 4\u00a0: date de lecture invalide (AAAA/MM/JJ attendu).',
        'Ligne 5\u00a0: auteur manquant.',
      ],
    });
  });

  it('refuses a file that is not an export', () => {
    const parsed = importRows(rec([['nom', 'prénom']]));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors[0]).toMatch(/^Ligne 1\u00a0: colonnes/);
  });
});

describe('matching keys', () => {
  it('ignores accents, case, punctuation and a series note', () => {
    expect(matchKey("L'Étranger (Folio, #2)")).toBe(matchKey('l’etranger'));
    expect(matchKey('Œuvres complètes')).toBe('oeuvres completes');
  });
  it('matches authors by whole or family name, either order', () => {
    expect(sameAuthor('Hugo, Victor', 'victor HUGO')).toBe(true);
    expect(sameAuthor('Emile Zola', 'Émile Zola')).toBe(true);
    expect(sameAuthor('Zola', 'Hugo')).toBe(false);
  });
});
