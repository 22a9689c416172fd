import { describe, expect, it } from 'vitest';
import {
  bookAuthor,
  bookPath,
  bookTitle,
  cardTitle,
  GRID_PAGING,
  READING_LIST_PAGING,
  shownCount,
} from './book-display';

describe('card title', () => {
  it('keeps a title of 50 characters or fewer whole', () => {
    expect(cardTitle("Candide ou l'Optimisme")).toBe("Candide ou l'Optimisme");
    expect(cardTitle('a'.repeat(50))).toBe('a'.repeat(50));
  });

  it("cuts a longer title at 50 characters and adds '…'", () => {
    const title = 'Les Aventures extraordinaires et véridiques du capitaine Hatteras au pôle';
    expect(cardTitle(title)).toBe(`${title.slice(0, 50).trimEnd()}…`);
    expect(Array.from(cardTitle('é'.repeat(60)))).toHaveLength(51);
  });

  it("says 'Titre inconnu' for a blank title and 'Auteur inconnu' for a blank author", () => {
    expect(cardTitle('')).toBe('Titre inconnu');
    expect(cardTitle('   ')).toBe('Titre inconnu');
    expect(bookTitle(null)).toBe('Titre inconnu');
    expect(bookAuthor('')).toBe('Auteur inconnu');
    expect(bookAuthor(undefined)).toBe('Auteur inconnu');
    expect(bookAuthor(' Voltaire ')).toBe('Voltaire');
  });
});

describe('show more', () => {
  it('grid: 12 books, then 8 more per press, never more than there are', () => {
    expect(shownCount(30, GRID_PAGING, 0)).toBe(12);
    expect(shownCount(30, GRID_PAGING, 1)).toBe(20);
    expect(shownCount(30, GRID_PAGING, 2)).toBe(28);
    expect(shownCount(30, GRID_PAGING, 3)).toBe(30);
    expect(shownCount(5, GRID_PAGING, 0)).toBe(5);
  });

  it("reading list: 'À lire' 8 then 6 more, 'Terminés' 10 then 6 more", () => {
    expect(shownCount(20, READING_LIST_PAGING.toRead, 0)).toBe(8);
    expect(shownCount(20, READING_LIST_PAGING.toRead, 1)).toBe(14);
    expect(shownCount(20, READING_LIST_PAGING.completed, 0)).toBe(10);
    expect(shownCount(20, READING_LIST_PAGING.completed, 1)).toBe(16);
  });
});

it('a book page address uses the slug', () => {
  expect(bookPath('candide-ou-l-optimisme-voltaire')).toBe(
    '/books/candide-ou-l-optimisme-voltaire',
  );
});
