import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookDetail, ReadingProgressView } from '../../domain/books.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedIn, setSignedOut } from '../lib/session-store';
import { aBookDetail, aProgress } from '../test/catalogue-fixtures';
import { mockApi } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { BookPage, loadBookDialogs } from './book';

// The page loads its dialogs' code once idle for a signed-in reader: loaded before the tests,
// so that no import is still on its way when a test file's environment closes.
beforeAll(() => loadBookDialogs());

// Never a dead end: the book page says whether the book can be validated, and
// offers the validate button only when the reader's next segment has its question.

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const bovary = aBookDetail({
  title: 'Madame Bovary',
  slug: 'madame-bovary',
  totalPages: 480,
  expectedSegments: 16,
  questionsReady: 16,
});
const essais = aBookDetail({
  title: 'Essais',
  slug: 'essais',
  totalPages: 1200,
  expectedSegments: 40,
  questionsReady: 0,
});

function renderBook(book: BookDetail, progress: ReadingProgressView | null, signedIn = true) {
  const fetchMock = mockApi({
    [`GET /api/books/${book.slug}`]: { body: { book, progress } },
    'GET /api/reading-list': { body: { items: [] } },
  });
  if (signedIn) setSignedIn(aSessionUser());
  else setSignedOut();
  renderScreen(<BookPage />, { path: '/books/:ref', at: `/books/${book.slug}` });
  return { user: userEvent.setup(), fetchMock };
}

// The texts keep their no-break spaces: compare them as they are (no whitespace folding).
const asIs = { normalizer: (text: string) => text };
const comingSoon =
  "Les questions de ce livre arrivent bientôt\u00a0: tu peux déjà l'ajouter à ta liste.";

describe('book page readiness', () => {
  it("says 'Questions prêtes' with the count of segments of a ready book", async () => {
    renderBook(bovary, null);
    expect(await screen.findByText('Questions prêtes')).toBeTruthy();
    expect(screen.getByText('16 segments prêts')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter à ma liste' })).toBeTruthy();
    expect(screen.queryByText(comingSoon, asIs)).toBeNull();
  });

  it('tells a reader the questions are coming, and still lets them add the book', async () => {
    const { user, fetchMock } = renderBook(essais, null);
    expect(await screen.findByText('Questions à venir')).toBeTruthy();
    expect(screen.getByText(comingSoon, asIs)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ajouter à ma liste' }));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/reading-list' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it("does not offer 'Commencer ma lecture' on a book in the list without questions", async () => {
    renderBook(essais, aProgress({ status: 'to_read', segmentsValidated: 0 }));
    expect(
      await screen.findByText(
        "Les questions de ce livre arrivent bientôt\u00a0: tu pourras valider ta lecture dès qu'elles seront prêtes.",
        asIs,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progression de lecture' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /ma lecture$/ })).toBeNull();
  });

  it('offers the validate button up to the last segment with a question, then says the next is coming', async () => {
    const partial = { ...bovary, slug: 'partiel', questionsReady: 3 };
    renderBook(partial, aProgress({ status: 'in_progress', segmentsValidated: 2 }));
    expect(await screen.findByText('3 segments prêts sur 16')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Valider ma lecture' })).toBeTruthy();
    cleanup();
    queryClient.clear();

    renderBook(partial, aProgress({ status: 'in_progress', segmentsValidated: 3 }));
    expect(
      await screen.findByText(
        "La question du segment 4 arrive bientôt\u00a0: tu pourras le valider dès qu'elle sera prête.",
        asIs,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Valider ma lecture' })).toBeNull();
  });

  it('shows a visitor whether the book is ready, beside the invitation to sign in', async () => {
    renderBook(essais, null, false);
    expect(await screen.findByText('Questions à venir')).toBeTruthy();
    expect(
      screen.getByText('Vous devez être connecté pour commencer ou valider votre lecture'),
    ).toBeTruthy();
  });
});
