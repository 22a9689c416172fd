import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookDetail, ReadingProgressView } from '../../domain/books.schemas';
import { QueryProvider } from '../app/query-provider';
import { BookDetailScreen } from '../features/catalogue/components/book-detail-screen';
import { queryClient } from '../lib/query-client';
import { setSignedIn, setSignedOut } from '../lib/session-store';
import { aBookDetail, aProgress } from '../test/catalogue-fixtures';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { BookPage, loadBookDialogs } from './book';

// The page loads its dialogs' code once idle for a signed-in reader: loaded before the tests,
// so that no import is still on its way when a test file's environment closes.
beforeAll(() => loadBookDialogs());

const originalScrollIntoView = Element.prototype.scrollIntoView;

afterEach(() => {
  Element.prototype.scrollIntoView = originalScrollIntoView;
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const candide = aBookDetail({
  title: "Candide ou l'Optimisme",
  slug: 'candide',
  totalPages: 150,
  expectedSegments: 5,
  tags: ['conte philosophique', 'satire'],
  description: 'Chassé du château de Westphalie.',
});

function renderBook(options: {
  book?: BookDetail;
  progress?: ReadingProgressView | null;
  signedIn?: boolean;
  state?: unknown;
}) {
  const { book = candide, progress = null, signedIn = true } = options;
  const fetchMock = mockApi({ [`GET /api/books/${book.slug}`]: { body: { book, progress } } });
  if (signedIn) setSignedIn(aSessionUser());
  else setSignedOut();
  renderScreen(<BookPage />, {
    path: '/books/:ref',
    at: { pathname: `/books/${book.slug}`, state: options.state } as unknown as string,
  });
  return { user: userEvent.setup(), fetchMock };
}

describe('book page states', () => {
  it('shows a loading state', () => {
    mockApi({ 'GET /api/books/candide': pending() });
    setSignedIn(aSessionUser());
    renderScreen(<BookPage />, { path: '/books/:ref', at: '/books/candide' });
    expect(screen.getByRole('status').textContent).toBe('Chargement du livre...');
  });

  it("shows the server's message for an unknown book, with a way back", async () => {
    mockApi({
      'GET /api/books/inconnu': apiError(
        404,
        'NOT_FOUND',
        "Le livre avec l'identifiant inconnu n'existe pas",
      ),
    });
    setSignedIn(aSessionUser());
    renderScreen(<BookPage />, { path: '/books/:ref', at: '/books/inconnu' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement du livre')).toBeTruthy();
    expect(
      within(alert).getByText("Le livre avec l'identifiant inconnu n'existe pas"),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Retour' })).toBeTruthy();
  });

  it('says an unavailable book is unavailable, with a link to /explore', async () => {
    mockApi({
      'GET /api/books/retire': apiError(
        410,
        'BOOK_UNAVAILABLE',
        'Ce livre est actuellement indisponible',
      ),
    });
    setSignedIn(aSessionUser());
    renderScreen(<BookPage />, { path: '/book/:ref', at: '/book/retire' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Ce livre est actuellement indisponible')).toBeTruthy();
    expect(
      within(alert).getByRole('link', { name: 'Explorer les livres' }).getAttribute('href'),
    ).toBe('/explore');
  });
});

describe('book page', () => {
  it('shows the cover, title, author, description, themes, pages and segments', async () => {
    renderBook({});
    expect(
      await screen.findByRole('heading', { level: 1, name: "Candide ou l'Optimisme" }),
    ).toBeTruthy();
    expect(screen.getByText('Voltaire')).toBeTruthy();
    expect(screen.getByText('Chassé du château de Westphalie.')).toBeTruthy();
    expect(screen.getByText('150 pages')).toBeTruthy();
    expect(screen.getByText('5 segments de 30 pages')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Thèmes' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    const cover = screen.getByRole('img', {
      name: "Couverture de «\u00a0Candide ou l'Optimisme\u00a0»",
    });
    expect(cover.getAttribute('loading')).toBe('eager');
    expect(document.title).toBe("Candide ou l'Optimisme · Lisons");
  });

  it('labels a book a reader added « Ajouté par la communauté », with why, and no other', async () => {
    renderBook({ book: aBookDetail({ ...candide, communityAdded: true }), signedIn: false });
    await screen.findByRole('heading', { level: 1, name: "Candide ou l'Optimisme" });
    const badge = screen.getByText('Ajouté par la communauté').parentElement as HTMLElement;
    const hint = 'Un lecteur a ajouté ce livre\u00a0; l’équipe ne l’a pas encore vérifié.';
    expect(badge.getAttribute('title')).toBe(hint);
    // Read with the label by screen readers, who get no tooltip.
    expect(badge.textContent).toContain(hint);
    cleanup();
    queryClient.clear();

    renderBook({ signedIn: false });
    await screen.findByRole('heading', { level: 1, name: "Candide ou l'Optimisme" });
    expect(screen.queryByText('Ajouté par la communauté')).toBeNull();
  });

  it('offers « Signaler ce livre » to a signed-in reader, in a dialog that gives focus back', async () => {
    const { user, fetchMock } = renderBook({});
    const button = await screen.findByRole('button', { name: 'Signaler ce livre' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Signaler ce livre' });
    expect(within(dialog).getByText(/avec « Candide ou l.Optimisme »/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/reports'))).toBe(false);
    cleanup();
    queryClient.clear();

    // On a book being read too; never to a visitor.
    renderBook({ progress: aProgress({ status: 'in_progress', segmentsValidated: 2 }) });
    expect(await screen.findByRole('button', { name: 'Signaler ce livre' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    renderBook({ signedIn: false });
    await screen.findByRole('heading', { level: 1, name: "Candide ou l'Optimisme" });
    expect(screen.queryByRole('button', { name: 'Signaler ce livre' })).toBeNull();
  });

  it("offers 'Ajouter à ma liste' to a reader who does not have the book", async () => {
    const { user, fetchMock } = renderBook({});
    await user.click(await screen.findByRole('button', { name: 'Ajouter à ma liste' }));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/reading-list' && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the progress, segments and jokers of a book being read, and the validate button', async () => {
    renderBook({ progress: aProgress({ status: 'in_progress', segmentsValidated: 2 }) });
    const bar = await screen.findByRole('progressbar', { name: 'Progression de lecture' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('40 %')).toBeTruthy();
    expect(screen.getByText('2 sur 5 segments validés')).toBeTruthy();
    expect(screen.getByText('Jokers : 0 / 1 utilisés')).toBeTruthy();
    expect(screen.getByText('En cours de lecture')).toBeTruthy();
    expect(screen.getByTestId('progress-arrow')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter à ma liste' })).toBeNull();
    // The book route wires the validation flow (client/routes/book.tsx).
    expect(screen.getByRole('button', { name: 'Valider ma lecture' })).toBeTruthy();
  });

  it("says 'Jokers disponibles à partir de 3 segments' for a short book", async () => {
    renderBook({
      book: { ...candide, slug: 'court', totalPages: 40, expectedSegments: 2 },
      progress: aProgress({ status: 'to_read', jokersAllowed: 0 }),
    });
    expect(await screen.findByText('Jokers disponibles à partir de 3 segments')).toBeTruthy();
    expect(screen.queryByTestId('progress-arrow')).toBeNull();
  });

  it("labels the action 'Commencer ma lecture', then 'Valider ma lecture', when the flow is wired", async () => {
    const onValidate = vi.fn();
    mockApi({
      'GET /api/books/candide': {
        body: { book: candide, progress: aProgress({ status: 'to_read' }) },
      },
    });
    setSignedIn(aSessionUser());
    renderScreen(
      <QueryProvider>
        <BookDetailScreen bookRef="candide" onValidate={onValidate} />
      </QueryProvider>,
      { path: '/books/candide' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Commencer ma lecture' }));
    expect(onValidate).toHaveBeenCalledTimes(1);

    act(() => {
      queryClient.setQueryData(['book', 'candide'], {
        book: candide,
        progress: aProgress({ status: 'in_progress', segmentsValidated: 1 }),
      });
    });
    expect(await screen.findByRole('button', { name: 'Valider ma lecture' })).toBeTruthy();
  });

  it('congratulates a reader who finished the book, with the way to its chat room', async () => {
    renderBook({
      progress: aProgress({ status: 'completed' }),
    });
    expect(await screen.findByText('Félicitations !')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Rejoindre le salon du livre' }).getAttribute('href'),
    ).toBe('/finished-chat/candide');
    expect(screen.getByText('Terminé')).toBeTruthy();
    expect(screen.queryByTestId('progress-arrow')).toBeNull();
  });

  it('asks a visitor to sign in instead of offering list actions', async () => {
    renderBook({ signedIn: false });
    expect(
      await screen.findByText('Vous devez être connecté pour commencer ou valider votre lecture'),
    ).toBeTruthy();
    // The link brings the reader back to this book once signed in.
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toMatch(
      /^\/auth\?next=%2Fbooks%2F/,
    );
    expect(screen.queryByRole('button', { name: 'Ajouter à ma liste' })).toBeNull();
  });

  it('keeps the chat refusal in view and focused: the progress bar does not scroll it away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderBook({
      progress: aProgress({ status: 'in_progress' }),
      state: { accessDenied: 'Vous devez terminer ce livre pour accéder au salon de discussion' },
    });
    const refusal = await screen.findByRole('alert');
    await screen.findByRole('progressbar');
    // Well past the progress bar's own scroll (350 ms).
    act(() => vi.advanceTimersByTime(2000));
    expect(document.activeElement).toBe(refusal);
    expect(scrollIntoView.mock.contexts).toContain(refusal);
    expect(scrollIntoView.mock.contexts).not.toContain(screen.getByRole('progressbar'));
  });

  it('shows the access-denied message carried by the navigation', async () => {
    renderBook({
      state: { accessDenied: 'Vous devez terminer ce livre pour accéder au salon de discussion' },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Vous devez terminer ce livre pour accéder au salon de discussion',
    );
  });
});

describe('progress scroll', () => {
  it('scrolls the bar into view 350 ms after it appears with some progress', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderBook({ progress: aProgress({ status: 'in_progress' }) });
    await screen.findByRole('progressbar');
    expect(scrollIntoView).not.toHaveBeenCalled();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByRole('progressbar'));
    expect(scrollIntoView.mock.calls[0]?.[0]).toMatchObject({ behavior: 'smooth' });
  });

  it('jumps without animation for readers who prefer reduced motion, and not at all at 0 %', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    renderBook({ progress: aProgress({ status: 'in_progress' }) });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect(scrollIntoView.mock.calls[0]?.[0]).toMatchObject({ behavior: 'auto' });

    cleanup();
    queryClient.clear();
    scrollIntoView.mockClear();
    renderBook({ progress: aProgress({ status: 'to_read' }) });
    await screen.findByRole('progressbar');
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
