import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookCard } from '../../../../domain/books.schemas';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn, setSignedOut } from '../../../lib/session-store';
import { aBook } from '../../../test/catalogue-fixtures';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { CardListButton } from './list-buttons';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderCardButton(book: BookCard, options: { inList?: boolean; at?: string } = {}) {
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <CardListButton book={{ id: book.id, title: book.title }} inList={options.inList ?? false} />
    </QueryClientProvider>,
    { path: '/explore', at: options.at },
  );
  return userEvent.setup();
}

describe('CardListButton', () => {
  it("adds the book with 'Ajouter à ma liste' and shows the server's message", async () => {
    setSignedIn(aSessionUser());
    const book = aBook({ title: 'Micromégas' });
    const fetchMock = mockApi({
      'POST /api/reading-list': {
        status: 201,
        body: { message: '"Micromégas" ajouté à votre liste de lecture', progress: {} },
      },
    });
    const user = renderCardButton(book);
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
    const user = renderCardButton(aBook({ title: 'Micromégas' }));
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
    const user = renderCardButton(aBook());
    await user.click(screen.getByRole('button', { name: 'Ajouter à ma liste' }));
    expect(await screen.findByText('Erreur: Ce livre est actuellement indisponible')).toBeTruthy();
  });

  it('tells a visitor to sign in, without asking the server', async () => {
    setSignedOut();
    const fetchMock = mockApi({});
    const user = renderCardButton(aBook());
    await user.click(screen.getByRole('button', { name: 'Ajouter à ma liste' }));
    expect(
      await screen.findByText('Vous devez être connecté pour ajouter un livre à votre liste'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers 'Se connecter' in that toast, coming back to this page once signed in", async () => {
    setSignedOut();
    mockApi({});
    const user = renderCardButton(aBook(), { at: '/explore?cat=essai' });
    await user.click(screen.getByRole('button', { name: 'Ajouter à ma liste' }));
    // The toast of the test before may still be there: sonner puts the latest first.
    const [latest] = await screen.findAllByRole('button', { name: 'Se connecter' });
    await user.click(latest as HTMLElement);
    expect(screen.getByTestId('path').textContent).toBe('/auth');
    expect(screen.getByTestId('search').textContent).toBe('?next=%2Fexplore%3Fcat%3Dessai');
  });

  it("'Retirer' asks first, saying the progress will be erased, then removes the book", async () => {
    setSignedIn(aSessionUser());
    const book = aBook({ title: 'Carmen' });
    const fetchMock = mockApi({
      [`DELETE /api/reading-list/${book.id}`]: {
        body: { message: '« Carmen » retiré de ta liste de lecture' },
      },
    });
    const user = renderCardButton(book, { inList: true });
    expect(screen.queryByRole('button', { name: 'Ajouter à ma liste' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Retirer «\u00a0Carmen\u00a0» de ta liste\u00a0?',
    });
    expect(within(dialog).getByText(/ta progression est gardée/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    // The dialog's code came when it was first asked for; closing it returns to the button.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retirer' })),
    );

    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    await user.click(screen.getByRole('button', { name: 'Retirer de ma liste' }));
    expect(await screen.findByText('« Carmen » retiré de ta liste de lecture')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
