import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBook } from '../../../../domain/admin-books.schemas';
import { apiError, mockApi, pending } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { BooksTab } from './books-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const book: AdminBook = {
  id: '0b7a4c6e-1111-4000-8000-000000000001',
  slug: 'germinal-emile-zola',
  title: 'Germinal',
  author: 'Émile Zola',
  description: '',
  category: 'litterature',
  tags: [],
  year: 1885,
  totalPages: 95,
  expectedSegments: 4,
  isPublished: true,
  questionsAvailable: 1,
  coverUrl: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  isbn13: null,
  communityAdded: false,
  reports: 0,
};
const list = '/api/admin/books?sort=created&page=1';

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderScreen(
    <QueryClientProvider client={client}>
      <BooksTab />
    </QueryClientProvider>,
    { path: '/admin' },
  );
}

describe('the books tab', () => {
  it('shows its loading state, then the table with coverage and publication', async () => {
    mockApi({ [`GET ${list}`]: { body: { items: [book], total: 1, page: 1, pageCount: 1 } } });
    renderTab();
    expect(screen.getByRole('status').textContent).toContain('Chargement des livres…');
    const row = await screen.findByRole('row', { name: /Germinal/ });
    expect(within(row).getByText('1/4')).toBeTruthy();
    expect(within(row).getByText('Oui')).toBeTruthy();
    expect(screen.getByText('1 livre')).toBeTruthy();
  });

  it('lists the books readers added, marked, and confirms one', async () => {
    const added = {
      ...book,
      id: '0b7a4c6e-1111-4000-8000-000000000002',
      title: 'La Peste',
      communityAdded: true,
    };
    const community = `/api/admin/books?sort=created&page=1&origin=community`;
    let confirmed = false;
    const fetchMock = mockApi({
      [`GET ${list}`]: { body: { items: [book], total: 1, page: 1, pageCount: 1 } },
      [`GET ${community}`]: () => ({
        body: confirmed
          ? { items: [], total: 0, page: 1, pageCount: 1 }
          : { items: [added], total: 1, page: 1, pageCount: 1 },
      }),
      [`POST /api/admin/books/${added.id}/confirm`]: () => {
        confirmed = true;
        return { body: { ...added, communityAdded: false } };
      },
    });
    renderTab();
    await screen.findByRole('row', { name: /Germinal/ });
    expect(screen.queryByRole('button', { name: 'Confirmer — Germinal' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Origine'), { target: { value: 'community' } });
    const row = await screen.findByRole('row', { name: /La Peste/ });
    expect(within(row).getByText('Ajouté par la communauté')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Confirmer — La Peste' }));
    expect(await screen.findByText('Aucun livre ne correspond.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toContain(
      `POST /api/admin/books/${added.id}/confirm`,
    );
  });

  it('lists the books readers reported, each with its count of reports', async () => {
    const reported = `/api/admin/books?sort=created&page=1&origin=reported`;
    const fetchMock = mockApi({
      [`GET ${list}`]: { body: { items: [book], total: 1, page: 1, pageCount: 1 } },
      [`GET ${reported}`]: {
        body: {
          items: [
            { ...book, reports: 2 },
            { ...book, id: '0b7a4c6e-1111-4000-8000-000000000003', title: 'Nana', reports: 1 },
          ],
          total: 2,
          page: 1,
          pageCount: 1,
        },
      },
    });
    renderTab();
    const unreported = await screen.findByRole('row', { name: /Germinal/ });
    expect(within(unreported).queryByText(/signalement/)).toBeNull();
    const origin = screen.getByLabelText('Origine') as HTMLSelectElement;
    expect(within(origin).getByRole('option', { name: 'Signalés par des lecteurs' })).toBeTruthy();
    fireEvent.change(origin, { target: { value: 'reported' } });
    const nana = await screen.findByRole('row', { name: /Nana/ });
    expect(within(nana).getByText('1 signalement')).toBeTruthy();
    const germinal = screen.getByRole('row', { name: /Germinal/ });
    expect(within(germinal).getByText('2 signalements')).toBeTruthy();
    expect(screen.getByText('2 livres')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(reported);
  });

  it("says 'Erreur lors de la récupération des données' with 'Réessayer' when the list fails", async () => {
    mockApi({ [`GET ${list}`]: apiError(500, 'INTERNAL', 'Erreur') });
    renderTab();
    expect(await screen.findByText('Erreur lors de la récupération des données')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('says a book readers have will only be unpublished, before anything is done', async () => {
    mockApi({
      [`GET ${list}`]: { body: { items: [book], total: 1, page: 1, pageCount: 1 } },
      [`GET /api/admin/books/${book.id}/usage`]: { body: { readers: 2 } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer — Germinal' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Supprimer «\u00a0Germinal\u00a0»\u00a0?',
    });
    expect(await within(dialog).findByRole('button', { name: 'Dépublier' })).toBeTruthy();
    expect(dialog.textContent).toContain('il ne sera pas supprimé');
    expect(dialog.textContent).toContain('2 lecteurs');
  });

  it("shows the server's message when the new book is refused", async () => {
    mockApi({
      [`GET ${list}`]: { body: { items: [], total: 0, page: 1, pageCount: 1 } },
      'POST /api/admin/books': apiError(400, 'VALIDATION_ERROR', 'Le titre est requis'),
    });
    renderTab();
    expect(await screen.findByText('Aucun livre ne correspond.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un livre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau livre' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Le titre est requis');
  });

  it('shows every wrong field of an empty form at once, each under its field', async () => {
    // The server's answer to an empty form (server/modules/books/admin-books.routes.test.ts).
    const fields = [
      { path: 'title', message: 'Le titre est requis' },
      { path: 'author', message: "L'auteur est requis" },
      { path: 'totalPages', message: 'Le nombre de pages est requis' },
    ];
    mockApi({
      [`GET ${list}`]: { body: { items: [], total: 0, page: 1, pageCount: 1 } },
      'POST /api/admin/books': {
        status: 400,
        body: {
          error: { code: 'VALIDATION_ERROR', message: fields[0]?.message, details: { fields } },
        },
      },
    });
    renderTab();
    expect(await screen.findByText('Aucun livre ne correspond.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un livre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau livre' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    for (const [label, message] of [
      ['Titre', 'Le titre est requis'],
      ['Auteur', "L'auteur est requis"],
      ['Nombre de pages', 'Le nombre de pages est requis'],
    ]) {
      const field = await within(dialog).findByRole('textbox', { name: label });
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
      expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([message]);
    }
  });

  it('changes a cover from the edit dialog, which shows the new one at once', async () => {
    const uploaded = {
      bookId: book.id,
      version: 'abcdef123456',
      coverUrl: '/covers/germinal-emile-zola.jpg?v=abcdef123456',
      coverWebpUrl: '/covers/germinal-emile-zola.webp?v=abcdef123456',
    };
    const api = mockApi({
      [`GET ${list}`]: { body: { items: [book], total: 1, page: 1, pageCount: 1 } },
      [`PUT /api/admin/books/${book.id}/cover`]: { body: uploaded },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier — Germinal' }));
    const dialog = await screen.findByRole('dialog', { name: /Germinal/ });
    const cover = within(dialog).getByRole('group', { name: 'Couverture' });
    expect(cover.textContent).toContain('Pas encore de couverture');
    const picker = within(cover).getByLabelText(/Germinal\)$/) as HTMLInputElement;
    fireEvent.change(picker, {
      target: { files: [new File([new Uint8Array(64)], 'germinal.png', { type: 'image/png' })] },
    });
    const image = await within(cover).findByRole('img', { name: 'Couverture — Germinal' });
    expect(image.getAttribute('src')).toBe(uploaded.coverUrl);
    expect(api).toHaveBeenCalledWith(
      `/api/admin/books/${book.id}/cover`,
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it('keeps the loading state while the list is pending', () => {
    mockApi({ [`GET ${list}`]: pending() });
    renderTab();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
