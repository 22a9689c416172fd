import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookCard, ReadingListItem } from '../../domain/books.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { aBook, aListItem } from '../test/catalogue-fixtures';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { HomePage } from './home';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The query string of the address, where the search and its filter are kept. */
function Address() {
  return <span data-testid="home-address">{useLocation().search}</span>;
}

type Reply = { status?: number; body?: unknown } | Promise<never>;

function renderHome(
  options: {
    list?: ReadingListItem[];
    search?: Record<string, Reply>;
    /** Searches with 'Prêts à valider' on (…&ready=1). */
    searchReady?: Record<string, Reply>;
  } = {},
) {
  const searches = (replies: Record<string, Reply> | undefined, ready: boolean) =>
    Object.entries(replies ?? {}).map(([q, reply]) => [
      `GET /api/search?${new URLSearchParams({ q, ...(ready ? { ready: '1' } : {}) })}`,
      reply,
    ]);
  const fetchMock = mockApi({
    'GET /api/reading-list': { body: { items: options.list ?? [] } },
    ...Object.fromEntries([
      ...searches(options.search, false),
      ...searches(options.searchReady, true),
    ]),
  });
  setSignedIn(aSessionUser());
  renderScreen(
    <>
      <HomePage />
      <Address />
    </>,
    { path: '*', at: '/home' },
  );
  return { user: userEvent.setup(), fetchMock };
}

const found = (items: BookCard[]) => ({ body: { items } });

async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
  const field = screen.getByRole('searchbox', { name: 'Rechercher un livre' });
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

describe('home search', () => {
  it('has a labelled search field with the spec placeholder', async () => {
    renderHome();
    const field = screen.getByRole('searchbox', { name: 'Rechercher un livre' });
    expect(field.getAttribute('placeholder')).toBe('Rechercher un livre par titre, auteur...');
  });

  it("says 'Recherche en cours...' while searching, in place of the home content", async () => {
    const { user } = renderHome({ search: { voltaire: pending() } });
    expect(await screen.findByRole('heading', { name: 'Lectures en cours' })).toBeTruthy();
    await search(user, '  voltaire ');
    expect(await screen.findByText('Recherche en cours...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rechercher' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(screen.queryByRole('heading', { name: 'Lectures en cours' })).toBeNull();
  });

  it("lists several results, and 'Retour à l'accueil' brings the home back", async () => {
    const books = [
      aBook({ title: 'Candide' }),
      aBook({ title: 'Zadig' }),
      aBook({ title: 'Micromégas' }),
    ];
    const { user } = renderHome({ search: { voltaire: found(books) } });
    await search(user, 'voltaire');
    expect(
      await screen.findByRole('heading', { name: 'Résultats pour «\u00a0voltaire\u00a0»' }),
    ).toBeTruthy();
    expect(screen.getByText('3 livres trouvés')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Zadig' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Lectures en cours' })).toBeNull();

    await user.click(screen.getByRole('button', { name: "Retour à l'accueil" }));
    expect(await screen.findByRole('heading', { name: 'Lectures en cours' })).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('opens the book of a single result after 300 ms', async () => {
    const { user } = renderHome({
      search: { micromégas: found([aBook({ title: 'Micromégas', slug: 'micromegas-voltaire' })]) },
    });
    await search(user, 'micromégas');
    expect(await screen.findByText('Ouverture de « Micromégas »...')).toBeTruthy();
    const shownAt = Date.now();
    // The 300 ms are a floor, not a deadline: a busy machine may take longer.
    await waitFor(
      () => expect(screen.getByTestId('path').textContent).toBe('/books/micromegas-voltaire'),
      { timeout: 5000 },
    );
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(250);
  });

  it("says 'Aucun livre trouvé' when nothing matches", async () => {
    const { user } = renderHome({ search: { zzz: found([]) } });
    await search(user, 'zzz');
    expect(await screen.findByText('Aucun livre trouvé')).toBeTruthy();
    expect(
      screen.getByText('Essayez une autre recherche ou explorez notre catalogue'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explorer les livres' }).getAttribute('href')).toBe(
      '/explore',
    );
    // The catalogue lacks it: the reader may add it, the words they searched looked up.
    expect(screen.getByRole('link', { name: 'Ajouter ce livre' }).getAttribute('href')).toBe(
      '/add-book?q=zzz',
    );
    expect(await screen.findByText('Aucun livre ne correspond à votre recherche')).toBeTruthy();
  });

  it('says when the search failed', async () => {
    const { user } = renderHome({
      search: { voltaire: apiError(400, 'INVALID', 'La recherche est trop longue') },
    });
    await search(user, 'voltaire');
    // The toast and the message in the page.
    await waitFor(() =>
      expect(
        screen.getAllByText("Erreur de recherche : Impossible d'effectuer votre recherche"),
      ).toHaveLength(2),
    );
  });

  it("filters the results with 'Prêts à valider', kept in the address and for the next search", async () => {
    const bovary = aBook({ title: 'Madame Bovary', expectedSegments: 16, questionsReady: 16 });
    const salammbo = aBook({ title: 'Salammbô', expectedSegments: 14, questionsReady: 3 });
    const education = aBook({ title: "L'Éducation sentimentale", questionsReady: 0 });
    const { user } = renderHome({
      search: { flaubert: found([bovary, salammbo, education]) },
      searchReady: {
        flaubert: found([bovary, aBook({ title: 'Trois Contes' })]),
        maupassant: found([aBook({ title: 'Bel-Ami' }), aBook({ title: 'Une vie' })]),
      },
    });
    await search(user, 'flaubert');
    expect(await screen.findByText('3 livres trouvés')).toBeTruthy();
    // Each card says whether it can be validated.
    expect(screen.getByText('Questions prêtes')).toBeTruthy();
    expect(screen.getByText('3 segments prêts sur 14')).toBeTruthy();
    expect(screen.getByText('Questions à venir')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Prêts à valider' }));
    expect(await screen.findByRole('link', { name: 'Trois Contes' })).toBeTruthy();
    expect(screen.getByText('2 livres trouvés')).toBeTruthy();
    expect(screen.getByTestId('home-address').textContent).toBe('?q=flaubert&ready=1');
    await search(user, 'maupassant');
    expect(await screen.findByRole('link', { name: 'Bel-Ami' })).toBeTruthy();
    expect(screen.getByTestId('home-address').textContent).toBe('?q=maupassant&ready=1');
    expect(
      (screen.getByRole('checkbox', { name: 'Prêts à valider' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('does not search for blank text', async () => {
    const { user, fetchMock } = renderHome();
    await screen.findByRole('heading', { name: 'Lectures en cours' });
    await search(user, '   ');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/search'))).toBe(false);
    expect(screen.getByRole('heading', { name: 'Lectures en cours' })).toBeTruthy();
  });
});

describe('home current reading', () => {
  it('lists books in progress, 3 at most (2 under 768 px), with their actions', async () => {
    renderHome({
      list: [
        aListItem('in_progress', { book: { title: 'Candide', slug: 'candide' } }),
        aListItem('to_read', { book: { title: 'Pas commencé' } }),
        aListItem('in_progress', { book: { title: 'Zadig' } }),
        aListItem('in_progress', { book: { title: 'Carmen' } }),
        aListItem('in_progress', { book: { title: 'Colomba' } }),
        aListItem('completed', { book: { title: 'Fini' } }),
      ],
    });
    const region = await screen.findByRole('region', { name: 'Lectures en cours' });
    expect(within(region).getByText('Reprends ta lecture')).toBeTruthy();
    const titles = (await within(region).findAllByRole('heading', { level: 3 })).map(
      (h) => h.textContent,
    );
    expect(titles).toEqual(['Candide', 'Zadig', 'Carmen']);
    // The third is for wider screens only.
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.className.includes('hidden md:flex'))).toEqual([
      false,
      false,
      true,
    ]);
    expect(
      within(region)
        .getAllByRole('link', { name: 'Continuer la lecture' })[0]
        ?.getAttribute('href'),
    ).toBe('/books/candide');
    expect(
      within(region).getByRole('link', { name: 'voir les 4 livres' }).getAttribute('href'),
    ).toBe('/reading-list');
    expect(
      within(region).getByRole('link', { name: 'Voir mes statistiques' }).getAttribute('href'),
    ).toBe('/achievements');
  });

  it("says 'Aucune lecture en cours' with a way to /explore", async () => {
    renderHome({ list: [aListItem('to_read')] });
    expect(await screen.findByText('Aucune lecture en cours')).toBeTruthy();
    expect(screen.getByText('Commencez votre prochaine aventure de lecture')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explorer les livres' }).getAttribute('href')).toBe(
      '/explore',
    );
  });
});
