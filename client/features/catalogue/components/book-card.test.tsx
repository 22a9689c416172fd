import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookCard as BookCardData } from '../../../../domain/books.schemas';
import type { ReadingStatus } from '../../../../domain/segments';
import { QueryProvider } from '../../../app/query-provider';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn, setSignedOut } from '../../../lib/session-store';
import { aBook } from '../../../test/catalogue-fixtures';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { BookCard } from './book-card';
import { BookGrid } from './book-grid';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderCard(
  book: BookCardData,
  props: { status?: ReadingStatus; listActions?: boolean } = {},
) {
  renderScreen(
    <QueryProvider>
      <BookCard book={book} {...props} />
    </QueryProvider>,
    { path: '/explore' },
  );
  return userEvent.setup();
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

  it("adds the book with 'Ajouter à ma liste' and shows the server's message", async () => {
    setSignedIn(aSessionUser());
    const book = aBook({ title: 'Micromégas' });
    const fetchMock = mockApi({
      'POST /api/reading-list': {
        status: 201,
        body: { message: '"Micromégas" ajouté à votre liste de lecture', progress: {} },
      },
    });
    const user = renderCard(book, { listActions: true });
    await user.click(screen.getByRole('button', { name: 'Ajouter à ma liste' }));
    expect(await screen.findByText('"Micromégas" ajouté à votre liste de lecture')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ bookId: book.id }));
  });

  it('says a book already in the list as information, not as an error', async () => {
    setSignedIn(aSessionUser());
    mockApi({
      'POST /api/reading-list': apiError(
        409,
        'ALREADY_EXISTS',
        'Le livre "Micromégas" est déjà dans votre liste de lecture',
      ),
      'GET /api/reading-list': { body: { items: [] } },
    });
    const user = renderCard(aBook({ title: 'Micromégas' }), { listActions: true });
    await user.click(screen.getByRole('button', { name: 'Ajouter à ma liste' }));
    const toast = await screen.findByText(
      'Le livre "Micromégas" est déjà dans votre liste de lecture',
    );
    expect(toast.closest('[data-sonner-toast]')?.getAttribute('data-type')).toBe('info');
  });

  it("prefixes other failures with 'Erreur: '", async () => {
    setSignedIn(aSessionUser());
    mockApi({
      'POST /api/reading-list': apiError(
        410,
        'BOOK_UNAVAILABLE',
        'Ce livre est actuellement indisponible',
      ),
    });
    const user = renderCard(aBook(), { listActions: true });
    await user.click(screen.getByRole('button', { name: 'Ajouter à ma liste' }));
    expect(await screen.findByText('Erreur: Ce livre est actuellement indisponible')).toBeTruthy();
  });

  it('tells a visitor to sign in, without asking the server', async () => {
    setSignedOut();
    const fetchMock = mockApi({});
    const user = renderCard(aBook(), { listActions: true });
    await user.click(screen.getByRole('button', { name: 'Ajouter à ma liste' }));
    expect(
      await screen.findByText('Vous devez être connecté pour ajouter un livre à votre liste'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("'Retirer' asks first, saying the progress will be erased, then removes the book", async () => {
    setSignedIn(aSessionUser());
    const book = aBook({ title: 'Carmen' });
    const fetchMock = mockApi({
      [`DELETE /api/reading-list/${book.id}`]: {
        body: { message: '"Carmen" retiré de votre liste de lecture' },
      },
    });
    const user = renderCard(book, { listActions: true, status: 'in_progress' });
    expect(screen.queryByRole('button', { name: 'Ajouter à ma liste' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Retirer «\u00a0Carmen\u00a0» de ta liste\u00a0?',
    });
    expect(within(dialog).getByText(/Ta progression sur ce livre sera effacée/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    await user.click(screen.getByRole('button', { name: 'Retirer de ma liste' }));
    expect(await screen.findByText('"Carmen" retiré de votre liste de lecture')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
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
