import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LookupEditionView } from '../../domain/reader-books.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedIn, setSignedOut } from '../lib/session-store';
import { apiError, mockApi } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { AddBookPage } from './add-book';

afterEach(() => {
  toast.dismiss(); // sonner keeps its toasts in a module: each test starts without any
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const etranger: LookupEditionView = {
  sourceKey: '/books/OL1M',
  title: 'L’Étranger',
  author: 'Albert Camus',
  pageCount: 185,
  isbn13: '9782070360024',
  year: 1972,
  coverUrl: 'https://covers.openlibrary.org/b/id/123-L.jpg',
};

const added = { status: 201, body: { id: 'b-1', slug: 'l-etranger', title: 'L’Étranger' } };

type Routes = Parameters<typeof mockApi>[0];

function renderAddBook(routes: Routes, at = '/add-book') {
  const fetchMock = mockApi(routes);
  setSignedIn(aSessionUser());
  renderScreen(<AddBookPage />, { path: '/add-book', at });
  return { user: userEvent.setup(), fetchMock };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Types a whole book in the form, as a reader without the lookup. */
async function typeBook(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Titre'), 'Les Années');
  await user.type(field('Auteur'), 'Annie Ernaux');
  await user.type(field('Nombre de pages'), '254');
  await user.selectOptions(field('Catégorie'), 'Littérature');
  await user.type(field('Année de parution (facultatif)'), '2008');
}

const postedBodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('/add-book', () => {
  it('asks a visitor to sign in, and brings them back here', () => {
    mockApi({});
    setSignedOut();
    renderScreen(<AddBookPage />, { path: '/add-book', at: '/add-book?q=camus' });
    expect(screen.getByText('Connecte-toi pour ajouter un livre au catalogue.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(
      `/auth?${new URLSearchParams({ next: '/add-book?q=camus' })}`,
    );
    expect(screen.queryByRole('button', { name: 'Ajouter le livre' })).toBeNull();
  });

  it('looks up the address’s words, and an edition fills the form and gives its cover', async () => {
    const { user, fetchMock } = renderAddBook(
      {
        'GET /api/book-lookup?q=camus': { body: { status: 'found', editions: [etranger] } },
        'POST /api/books': added,
      },
      '/add-book?q=camus',
    );
    expect(field('Titre, auteur ou ISBN').value).toBe('camus');
    const editions = await screen.findByRole('region', { name: 'Éditions trouvées' });
    expect(within(editions).getByRole('heading', { name: 'L’Étranger' })).toBeTruthy();
    expect(within(editions).getByText('1972 · 185 pages · ISBN 9782070360024')).toBeTruthy();

    await user.click(within(editions).getByRole('button', { name: 'Choisir cette édition' }));
    expect(field('Titre').value).toBe('L’Étranger');
    expect(field('Auteur').value).toBe('Albert Camus');
    expect(field('Nombre de pages').value).toBe('185');
    expect(field('ISBN (facultatif)').value).toBe('9782070360024');
    expect(field('Année de parution (facultatif)').value).toBe('1972');
    expect(document.activeElement).toBe(field('Titre'));
    expect(screen.getByText(/Fiche remplie d’après cette édition/)).toBeTruthy();

    await user.selectOptions(field('Catégorie'), 'Littérature');
    await user.click(screen.getByRole('button', { name: 'Ajouter le livre' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/books/l-etranger'));
    expect(postedBodies(fetchMock)).toEqual([
      {
        title: 'L’Étranger',
        author: 'Albert Camus',
        totalPages: 185,
        category: 'litterature',
        isbn: '9782070360024',
        year: 1972,
        coverUrl: etranger.coverUrl,
      },
    ]);
  });

  it('posts a typed book and opens its page', async () => {
    const { user, fetchMock } = renderAddBook({ 'POST /api/books': added });
    await user.click(screen.getByRole('button', { name: 'Saisir la fiche moi-même' }));
    expect(document.activeElement).toBe(field('Titre'));
    await typeBook(user);
    await user.type(field('Résumé (facultatif)'), 'Une autobiographie impersonnelle.');
    await user.click(screen.getByRole('button', { name: 'Ajouter le livre' }));
    expect(await screen.findByText('Livre ajouté : bonne lecture !')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/books/l-etranger');
    expect(postedBodies(fetchMock)).toEqual([
      {
        title: 'Les Années',
        author: 'Annie Ernaux',
        totalPages: 254,
        category: 'litterature',
        year: 2008,
        description: 'Une autobiographie impersonnelle.',
      },
    ]);
  });

  it('checks the form before sending: nothing leaves without a title', async () => {
    const { user, fetchMock } = renderAddBook({});
    await user.click(screen.getByRole('button', { name: 'Ajouter le livre' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Saisis le titre du livre.');
    expect(field('Titre').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leads to the book already in the catalogue on a 409', async () => {
    const { user } = renderAddBook({
      'POST /api/books': {
        status: 409,
        body: {
          error: {
            code: 'ALREADY_EXISTS',
            message: 'Ce livre est déjà dans le catalogue.',
            details: { slug: 'les-annees', title: 'Les Années' },
          },
        },
      },
    });
    await typeBook(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter le livre' }));
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Ce livre est déjà dans le catalogue'));
    expect(alert.textContent).toContain('Les Années');
    expect(within(alert).getByRole('link', { name: 'Ouvrir sa fiche' }).getAttribute('href')).toBe(
      '/books/les-annees',
    );
    expect(screen.getByTestId('path').textContent).toBe('/add-book');
  });

  it('shows the server’s refusal (400) as given, and keeps the form', async () => {
    const { user } = renderAddBook({
      'POST /api/books': apiError(
        400,
        'VALIDATION_ERROR',
        'Cette couverture ne vient pas du catalogue ouvert\u00a0: choisis une édition trouvée.',
      ),
    });
    await typeBook(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter le livre' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Cette couverture ne vient pas du catalogue ouvert\u00a0: choisis une édition trouvée.',
      ),
    );
    expect(field('Titre').value).toBe('Les Années');
    expect(screen.getByTestId('path').textContent).toBe('/add-book');
  });

  it('says when the lookup is off, and the typed book is still added', async () => {
    const off =
      'La recherche dans le catalogue ouvert est désactivée sur ce serveur. Saisis les informations du livre toi-même.';
    const { user, fetchMock } = renderAddBook({
      'GET /api/book-lookup?q=les+ann%C3%A9es': { body: { status: 'off', message: off } },
      'POST /api/books': added,
    });
    await user.type(field('Titre, auteur ou ISBN'), 'les années');
    await user.click(screen.getByRole('button', { name: 'Chercher' }));
    expect(await screen.findByText(off)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Éditions trouvées' })).toBeNull();
    await typeBook(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter le livre' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/books/l-etranger'));
    expect(postedBodies(fetchMock)).toHaveLength(1);
  });

  it('says when the open catalogue knows no such book', async () => {
    renderAddBook(
      { 'GET /api/book-lookup?q=zzz': { body: { status: 'found', editions: [] } } },
      '/add-book?q=zzz',
    );
    expect(await screen.findByText(/Le catalogue ouvert ne connaît pas ce livre/)).toBeTruthy();
  });
});
