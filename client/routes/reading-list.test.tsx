import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadingListItem } from '../../domain/books.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { aListItem } from '../test/catalogue-fixtures';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { ReadingListPage } from './reading-list';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The reader's reading circles, under the list: none here. */
const noCircles = { body: { items: [] } };

function renderList(items: ReadingListItem[] | (() => { status?: number; body?: unknown })) {
  const fetchMock = mockApi({
    'GET /api/reading-list': typeof items === 'function' ? items : { body: { items } },
    'GET /api/circles': noCircles,
  });
  setSignedIn(aSessionUser());
  renderScreen(<ReadingListPage />, { path: '/reading-list' });
  return { user: userEvent.setup(), fetchMock };
}

const section = (name: RegExp) => screen.getByRole('region', { name }) as HTMLElement;

describe('reading list', () => {
  it('shows a loading state', () => {
    mockApi({ 'GET /api/reading-list': pending(), 'GET /api/circles': noCircles });
    setSignedIn(aSessionUser());
    renderScreen(<ReadingListPage />, { path: '/reading-list' });
    expect(screen.getByRole('status').textContent).toBe('Chargement de tes livres...');
  });

  it('puts each book in its section with its action to the book page', async () => {
    renderList([
      aListItem('in_progress', { book: { title: 'Candide', slug: 'candide' } }),
      aListItem('to_read', { book: { title: 'Carmen', slug: 'carmen' } }),
      aListItem('completed', { book: { title: 'Zadig', slug: 'zadig' } }),
    ]);
    const inProgress = await screen.findByRole('region', { name: /En cours de lecture/ });
    expect(within(inProgress).getByRole('heading', { name: 'Candide' })).toBeTruthy();
    expect(within(inProgress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(inProgress).getByText('40 % terminé')).toBeTruthy();
    expect(
      within(inProgress).getByRole('link', { name: 'Continuer la lecture' }).getAttribute('href'),
    ).toBe('/books/candide');

    const toRead = section(/À lire/);
    expect(within(toRead).getByRole('heading', { name: 'Carmen' })).toBeTruthy();
    expect(
      within(toRead).getByRole('link', { name: 'Commencer la lecture' }).getAttribute('href'),
    ).toBe('/books/carmen');

    const completed = section(/Livres terminés/);
    expect(within(completed).getByRole('heading', { name: 'Zadig' })).toBeTruthy();
    expect(within(completed).getByText('Terminé le 12 mars 2026')).toBeTruthy();
    expect(within(completed).getByRole('link', { name: 'Relire' }).getAttribute('href')).toBe(
      '/books/zadig',
    );
  });

  it("disables an unavailable book's action and says why", async () => {
    renderList([aListItem('to_read', { book: { title: 'Retiré' } }, true)]);
    const button = await screen.findByRole('button', { name: 'Commencer la lecture' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Ce livre est actuellement indisponible')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Commencer la lecture' })).toBeNull();
  });

  it("pages 'À lire' by 8 then 6, 'Livres terminés' by 10 then 6", async () => {
    const { user } = renderList([
      ...Array.from({ length: 15 }, () => aListItem('to_read')),
      ...Array.from({ length: 17 }, () => aListItem('completed')),
    ]);
    const toRead = await screen.findByRole('region', { name: /À lire/ });
    const completed = section(/Livres terminés/);
    const count = (region: HTMLElement) =>
      within(region).getAllByRole('heading', { level: 3 }).length;
    expect(count(toRead)).toBe(8);
    expect(within(toRead).getByText('8 sur 15 livres affichés')).toBeTruthy();
    expect(count(completed)).toBe(10);
    expect(within(completed).getByText('10 sur 17 livres affichés')).toBeTruthy();

    await user.click(within(toRead).getByRole('button', { name: 'Voir plus de livres' }));
    expect(count(toRead)).toBe(14);
    await user.click(within(toRead).getByRole('button', { name: 'Voir plus de livres' }));
    expect(count(toRead)).toBe(15);
    expect(within(toRead).getByText('15 sur 15 livres affichés')).toBeTruthy();
    expect(within(toRead).queryByRole('button', { name: 'Voir plus de livres' })).toBeNull();

    await user.click(within(completed).getByRole('button', { name: 'Voir plus de livres' }));
    expect(count(completed)).toBe(16);
  });

  it('has no pagination for 8 books to read and 10 finished', async () => {
    renderList([
      ...Array.from({ length: 8 }, () => aListItem('to_read')),
      ...Array.from({ length: 10 }, () => aListItem('completed')),
    ]);
    await screen.findByRole('region', { name: /À lire/ });
    expect(screen.queryByRole('button', { name: 'Voir plus de livres' })).toBeNull();
  });

  it('shows the empty state with a link to /explore', async () => {
    renderList([]);
    expect(await screen.findByText('Aucune lecture trouvée')).toBeTruthy();
    expect(
      screen.getByText("Vous n'avez pas encore de livres dans votre liste de lecture."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explorer les livres' }).getAttribute('href')).toBe(
      '/explore',
    );
  });

  it('says when the list cannot be loaded and loads it again on demand', async () => {
    let fail = true;
    const { user } = renderList(() =>
      fail
        ? apiError(400, 'INVALID', 'Requête refusée')
        : { body: { items: [aListItem('to_read', { book: { title: 'Carmen' } })] } },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Une erreur est survenue lors du chargement de vos livres.',
    );
    expect(await screen.findByText('Erreur lors du chargement de vos livres')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Carmen' })).toBeTruthy();
  });

  it('removes a book after confirmation and shows the list without it', async () => {
    const carmen = aListItem('to_read', { book: { title: 'Carmen' } });
    const zadig = aListItem('to_read', { book: { title: 'Zadig' } });
    let items = [carmen, zadig];
    const fetchMock = mockApi({
      'GET /api/reading-list': () => ({ body: { items } }),
      'GET /api/circles': noCircles,
      [`DELETE /api/reading-list/${carmen.book.id}`]: () => {
        items = [zadig];
        return { body: { message: '« Carmen » retiré de ta liste de lecture' } };
      },
    });
    setSignedIn(aSessionUser());
    renderScreen(<ReadingListPage />, { path: '/reading-list' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Carmen' });
    const [removeCarmen] = screen.getAllByRole('button', { name: 'Retirer' });
    await user.click(removeCarmen as HTMLElement);
    const dialog = await screen.findByRole('dialog', {
      name: 'Retirer «\u00a0Carmen\u00a0» de ta liste\u00a0?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer de ma liste' }));
    expect(await screen.findByText('« Carmen » retiré de ta liste de lecture')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Carmen' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Zadig' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});
