import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadingStatus } from '../../../../domain/segments';
import { aBook } from '../../../test/catalogue-fixtures';
import { renderScreen } from '../../../test/render';
import { BookCard } from './book-card';
import { BookGrid } from './book-grid';
import type { ListButtonProps } from './list-slots';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  drawn.length = 0;
});

// Stands for the reading list's button, which the page passes in.
const drawn: ListButtonProps[] = [];
function StubListButton(props: ListButtonProps) {
  drawn.push(props);
  return (
    <button type="button" aria-describedby={props.describedBy}>
      {props.inList ? 'listé' : 'pas listé'}
    </button>
  );
}

describe('BookCard', () => {
  it('shows the cover (WebP with a JPEG fallback), the title, the author and links to the book', () => {
    const book = aBook({ title: "Candide ou l'Optimisme", slug: 'candide' });
    const { container } = renderScreen(<BookCard book={book} />, { path: '/explore' });
    const link = screen.getByRole('link', { name: "Candide ou l'Optimisme" });
    expect(link.getAttribute('href')).toBe('/books/candide');
    expect(screen.getByText('Voltaire')).toBeTruthy();
    const source = container.querySelector('picture source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(book.coverWebpUrl);
    const img = container.querySelector('picture img');
    expect(img?.getAttribute('src')).toBe(book.coverUrl);
    expect(img?.getAttribute('width')).toBe('512');
    expect(img?.getAttribute('height')).toBe('768');
    expect(img?.getAttribute('loading')).toBe('lazy');
  });

  it('says whether the book can be validated: ready, partly, or not yet', () => {
    renderScreen(
      <>
        <BookCard book={aBook({ title: 'Prêt', expectedSegments: 16, questionsReady: 16 })} />
        <BookCard book={aBook({ title: 'En partie', expectedSegments: 16, questionsReady: 5 })} />
        <BookCard book={aBook({ title: 'Bientôt', expectedSegments: 16, questionsReady: 0 })} />
      </>,
      { path: '/explore' },
    );
    const [ready, partial, none] = screen.getAllByRole('article');
    expect(within(ready as HTMLElement).getByText('Questions prêtes')).toBeTruthy();
    expect(within(partial as HTMLElement).getByText('5 segments prêts sur 16')).toBeTruthy();
    expect(within(none as HTMLElement).getByText('Questions à venir')).toBeTruthy();
  });

  it("cuts a title over 50 characters with '…' and keeps the whole title as a tooltip", () => {
    const title = 'Voyage au centre de la Terre et autres récits extraordinaires';
    renderScreen(<BookCard book={aBook({ title })} />, { path: '/explore' });
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe(`${title.slice(0, 50).trimEnd()}…`);
    expect(heading.getAttribute('title')).toBe(title);
  });

  it("falls back to 'Titre inconnu' and 'Auteur inconnu', and to a placeholder cover", () => {
    const { container } = renderScreen(
      <BookCard book={aBook({ title: ' ', author: '', coverUrl: null, coverWebpUrl: null })} />,
      { path: '/explore' },
    );
    expect(screen.getByRole('heading', { name: 'Titre inconnu' })).toBeTruthy();
    expect(screen.getByText('Auteur inconnu')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows at most 3 theme chips', () => {
    renderScreen(<BookCard book={aBook({ tags: ['conte', 'satire', 'voyage', 'exil'] })} />, {
      path: '/explore',
    });
    const chips = within(screen.getByRole('list', { name: 'Thèmes' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['conte', 'satire', 'voyage']);
  });

  it.each([
    ['completed', 'Terminé'],
    ['in_progress', 'En cours de lecture'],
    ['to_read', 'À lire'],
  ] as const)('labels the status %s as %s', (status, label) => {
    renderScreen(<BookCard book={aBook()} status={status} />, { path: '/explore' });
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('shows no status label when the status is unknown', () => {
    renderScreen(<BookCard book={aBook()} />, { path: '/explore' });
    for (const label of ['Terminé', 'En cours de lecture', 'À lire']) {
      expect(screen.queryByText(label)).toBeNull();
    }
  });

  it('draws the list button given by the page, named by the title, knowing if the book is listed', () => {
    const book = aBook({ title: 'Carmen' });
    renderScreen(<BookCard book={book} status="to_read" listButton={StubListButton} />, {
      path: '/explore',
    });
    const button = screen.getByRole('button', { name: 'listé' });
    const describedBy = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Carmen');
    expect(drawn[0]?.book).toEqual({ id: book.id, title: 'Carmen' });
  });

  it('tells the list button a book without status is not listed, and draws none without one', () => {
    const { unmount } = renderScreen(<BookCard book={aBook()} listButton={StubListButton} />, {
      path: '/explore',
    });
    expect(screen.getByRole('button', { name: 'pas listé' })).toBeTruthy();
    unmount();
    renderScreen(<BookCard book={aBook()} />, { path: '/explore' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('BookGrid', () => {
  const books = Array.from({ length: 30 }, () => aBook());

  it("shows 12 books, then 8 more per 'Voir plus de livres', with 'X sur Y livres affichés'", async () => {
    renderScreen(<BookGrid books={books} paged />, { path: '/home' });
    const user = userEvent.setup();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('12 sur 30 livres affichés')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Voir plus de livres' }));
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('20 sur 30 livres affichés')).toBeTruthy();
    // Focus moves to the first book that appeared.
    expect(document.activeElement?.textContent).toBe(books[12]?.title);

    await user.click(screen.getByRole('button', { name: 'Voir plus de livres' }));
    await user.click(screen.getByRole('button', { name: 'Voir plus de livres' }));
    expect(screen.getAllByRole('article')).toHaveLength(30);
    expect(screen.getByText('30 sur 30 livres affichés')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir plus de livres' })).toBeNull();
  });

  it('has no pagination for 12 books or fewer, nor when not paged', () => {
    const { unmount } = renderScreen(<BookGrid books={books.slice(0, 12)} paged />, {
      path: '/home',
    });
    expect(screen.queryByText(/livres affichés/)).toBeNull();
    unmount();
    renderScreen(<BookGrid books={books} />, { path: '/home' });
    expect(screen.getAllByRole('article')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Voir plus de livres' })).toBeNull();
  });

  it('gives each card its status from the reading list', () => {
    const [first, second] = books;
    const statuses = new Map<string, ReadingStatus>([[first?.id ?? '', 'completed']]);
    renderScreen(
      <BookGrid books={[first, second].filter((b) => b !== undefined)} statuses={statuses} />,
      {
        path: '/home',
      },
    );
    const [card1, card2] = screen.getAllByRole('article');
    expect(within(card1 as HTMLElement).getByText('Terminé')).toBeTruthy();
    expect(within(card2 as HTMLElement).queryByText('Terminé')).toBeNull();
  });
});
