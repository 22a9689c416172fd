import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookCard } from '../../domain/books.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedOut } from '../lib/session-store';
import { aBook } from '../test/catalogue-fixtures';
import { apiError } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { ExplorePage } from './explore';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function Search() {
  return <span data-testid="explore-address">{useLocation().search}</span>;
}

type Answer = { status?: number; body?: unknown } | Promise<never>;

/** Answers GET /api/books from `answer(params)`; returns the list of requested queries. */
function renderExplore(at: string, answer: (params: URLSearchParams) => Answer) {
  const requested: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/books') throw new Error(`unexpected request: ${url}`);
    requested.push(url.search);
    const { status = 200, body } = await answer(url.searchParams);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  setSignedOut();
  renderScreen(
    <>
      <ExplorePage />
      <Search />
    </>,
    { path: '/explore', at },
  );
  return { user: userEvent.setup(), requested };
}

const page = (items: BookCard[], total = items.length, n = 1) => ({
  body: { items, total, page: n, pageSize: 24 },
});

describe('explore', () => {
  it('opens on Littérature by default, with the books, their count and the pager', async () => {
    const { requested } = renderExplore('/explore', () =>
      page([aBook({ title: 'Candide' }), aBook({ title: 'Carmen' })], 19),
    );
    expect(await screen.findByRole('link', { name: 'Candide' })).toBeTruthy();
    expect(requested).toEqual(['?cat=litterature&page=1']);
    const tabs = screen.getByRole('navigation', { name: 'Catégories' });
    expect(tabs.textContent).toBe('LittératureReligionEssaiBio');
    expect(screen.getByRole('link', { name: 'Littérature' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByText('19 livres')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Précédent' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Suivant' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('searchbox').getAttribute('placeholder')).toBe('Titre ou auteur…');
    // Open to visitors too: the page asks them to sign in.
    expect(
      screen
        .getByRole('link', { name: 'Il manque un livre\u00a0? Ajoute-le' })
        .getAttribute('href'),
    ).toBe('/add-book');
  });

  it('reads the category from ?cat= and switches with the tabs', async () => {
    const { user, requested } = renderExplore('/explore?cat=religion', (params) =>
      page([aBook({ title: `Livre de ${params.get('cat')}` })]),
    );
    expect(await screen.findByRole('link', { name: 'Livre de religion' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Religion' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await user.click(screen.getByRole('link', { name: 'Essai' }));
    expect(await screen.findByRole('link', { name: 'Livre de essai' })).toBeTruthy();
    expect(screen.getByTestId('explore-address').textContent).toBe('?cat=essai');
    expect(requested).toEqual(['?cat=religion&page=1', '?cat=essai&page=1']);
  });

  it('falls back to Littérature and page 1 for unknown values in the address', async () => {
    const { requested } = renderExplore('/explore?cat=romans&page=abc', () => page([aBook()]));
    await screen.findByRole('article');
    expect(requested).toEqual(['?cat=litterature&page=1']);
  });

  it('pages with Suivant and Précédent, 24 books a page, keeping the address in step', async () => {
    const { user, requested } = renderExplore('/explore?cat=bio', (params) =>
      page(
        Array.from({ length: params.get('page') === '1' ? 24 : 6 }, () => aBook()),
        30,
        Number(params.get('page')),
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByTestId('explore-address').textContent).toBe('?cat=bio&page=2');
    expect((screen.getByRole('button', { name: 'Suivant' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(screen.getByTestId('explore-address').textContent).toBe('?cat=bio');
    expect(requested).toEqual(['?cat=bio&page=1', '?cat=bio&page=2']);
  });

  it('searches from 2 characters, once typing pauses, back to page 1', async () => {
    const { user, requested } = renderExplore('/explore?cat=litterature&page=2', (params) =>
      page([aBook({ title: `q=${params.get('q') ?? ''}` })], 30, Number(params.get('page'))),
    );
    await screen.findByRole('link', { name: 'q=' });
    const field = screen.getByRole('searchbox', { name: 'Rechercher dans la catégorie' });
    await user.type(field, 'c');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requested).toEqual(['?cat=litterature&page=2']);
    await user.type(field, 'an');
    expect(await screen.findByRole('link', { name: 'q=can' })).toBeTruthy();
    expect(requested).toEqual(['?cat=litterature&page=2', '?cat=litterature&page=1&q=can']);
    expect(screen.getByTestId('explore-address').textContent).toBe('?cat=litterature&q=can');
  });

  it("keeps 'Prêts à valider' in the address and asks for those books only, back to page 1", async () => {
    const { user, requested } = renderExplore('/explore?cat=essai&page=2', (params) =>
      page(
        params.get('ready') === '1'
          ? [aBook({ title: 'Pensées', expectedSegments: 12, questionsReady: 12 })]
          : [aBook({ title: 'Essais', expectedSegments: 40, questionsReady: 0 })],
        30,
        Number(params.get('page')),
      ),
    );
    expect(await screen.findByText('Questions à venir')).toBeTruthy();
    const filter = screen.getByRole('checkbox', { name: 'Prêts à valider' });
    expect((filter as HTMLInputElement).checked).toBe(false);
    expect(filter.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(filter);
    expect(await screen.findByRole('link', { name: 'Pensées' })).toBeTruthy();
    expect(screen.getByText('Questions prêtes')).toBeTruthy();
    expect(screen.getByTestId('explore-address').textContent).toBe('?cat=essai&ready=1');
    expect(requested).toEqual(['?cat=essai&page=2', '?cat=essai&page=1&ready=1']);
    // The filter stays on from one category to the next.
    await user.click(screen.getByRole('link', { name: 'Bio' }));
    await waitFor(() =>
      expect(screen.getByTestId('explore-address').textContent).toBe('?cat=bio&ready=1'),
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Prêts à valider' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('says when a category has no book ready to validate yet', async () => {
    renderExplore('/explore?cat=bio&ready=1', () => page([], 0));
    expect(
      await screen.findByText('Aucun livre prêt à valider dans cette catégorie pour le moment.'),
    ).toBeTruthy();
  });

  it("says 'Aucun livre dans cette catégorie.' when there is none", async () => {
    renderExplore('/explore?cat=essai&q=zzz', () => page([], 0));
    expect(await screen.findByText('Aucun livre dans cette catégorie.')).toBeTruthy();
  });

  it("shows the server's message, or 'Erreur inconnue'", async () => {
    renderExplore('/explore', () => apiError(400, 'INVALID', 'Numéro de page invalide'));
    expect((await screen.findByRole('alert')).textContent).toBe('Numéro de page invalide');
    cleanup();
    queryClient.clear();
    renderExplore('/explore', () => Promise.reject(new Error('boom')));
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur inconnue');
  });
});
