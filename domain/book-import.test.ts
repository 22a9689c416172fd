import { describe, expect, it } from 'vitest';
import { authorsMatch, exportFormat, importRows, matchKey, sameAuthor } from './book-import';
import { GOODREADS_HEADER, STORYGRAPH_HEADER } from './library-export';

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
        {
          line: 2,
          title: 'Candide',
          author: 'Voltaire',
          authors: ['Voltaire'],
          isbn13: null,
          shelf: 'read',
          readOn: '2024-03-05',
        },
        {
          line: 3,
          title: 'Germinal',
          author: 'Émile Zola',
          authors: ['Émile Zola'],
          isbn13: null,
          shelf: 'to_read',
          readOn: null,
        },
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

  it('tells the two services apart by their header', () => {
    expect(exportFormat(GOODREADS_HEADER)).toBe('goodreads');
    expect(exportFormat(STORYGRAPH_HEADER)).toBe('storygraph');
    expect(exportFormat(['Title', 'Author'])).toBeNull();
  });

  it('reads a whole StoryGraph row: every author, the ISBN, the statuses StoryGraph writes', () => {
    const row = (cells: Partial<Record<(typeof STORYGRAPH_HEADER)[number], string>>) =>
      STORYGRAPH_HEADER.map((column) => cells[column] ?? '');
    const parsed = importRows(
      rec([
        [...STORYGRAPH_HEADER],
        row({
          Title: 'Astérix le Gaulois',
          Authors: 'Albert Uderzo, René Goscinny',
          'ISBN/UID': '9782012101333',
          'Read Status': 'read',
          'Last Date Read': '2024/02',
        }),
        row({
          Title: 'Germinal',
          Authors: 'Émile Zola',
          'ISBN/UID': 'B0851JCZYV',
          'Read Status': 'paused',
        }),
        row({ Title: 'Nana', Authors: 'Émile Zola', 'Last Date Read': '2023' }),
      ]),
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          title: 'Astérix le Gaulois',
          author: 'Albert Uderzo, René Goscinny',
          authors: ['Albert Uderzo', 'René Goscinny'],
          isbn13: '9782012101333',
          shelf: 'read',
          readOn: '2024-02-01',
        },
        expect.objectContaining({ line: 3, isbn13: null, shelf: 'to_read' }),
        expect.objectContaining({ line: 4, shelf: 'to_read', readOn: '2023-01-01' }),
      ],
    });
  });

  it('reads Goodreads’ ISBN cells and co-authors, and did-not-finish among its shelves', () => {
    const header = ['Title', 'Author', 'Additional Authors', 'ISBN', 'ISBN13', 'Exclusive Shelf'];
    const parsed = importRows(
      rec([
        [...header, 'Bookshelves'],
        ['Astérix', 'René Goscinny', 'Albert Uderzo', '="201210133X"', '=""', 'to-read', ''],
        [
          'Nana',
          'Émile Zola',
          '',
          '=""',
          '=""',
          'currently-reading',
          'did-not-finish, currently-reading',
        ],
      ]),
    );
    expect(parsed.ok && parsed.rows).toEqual([
      expect.objectContaining({
        authors: ['René Goscinny', 'Albert Uderzo'],
        isbn13: '9782012101333',
        shelf: 'to_read',
      }),
      expect.objectContaining({ isbn13: null, shelf: 'abandoned' }),
    ]);
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
  it('matches a co-author of the catalogue’s book', () => {
    expect(authorsMatch('René Goscinny et Albert Uderzo', ['Albert Uderzo'])).toBe(true);
    expect(authorsMatch('Victor Hugo', ['Albert Uderzo', 'Victor Hugo'])).toBe(true);
    expect(authorsMatch('Émile Zola', ['Victor Hugo'])).toBe(false);
  });
});
