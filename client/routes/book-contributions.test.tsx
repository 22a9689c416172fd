import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookDetail, ReadingProgressView } from '../../domain/books.schemas';
import type { BookContributions } from '../../domain/question-proposals.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { aBookDetail, aProgress } from '../test/catalogue-fixtures';
import { mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { BookPage, loadBookDialogs } from './book';

// The page loads its dialogs' code once idle for a signed-in reader: loaded before the tests,
// so that no import is still on its way when a test file's environment closes.
beforeAll(() => loadBookDialogs());

// Decision 045 on the book page: a reader whose next segment has no question writes it; the
// server's word on the next segment decides the validate button; the reader sees their
// questions waiting for review and the way to review the book's others.

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

// The texts keep their no-break spaces: compare them as they are (no whitespace folding).
const asIs = { normalizer: (text: string) => text };
const invitation =
  'Tu es parmi les premiers à lire ce passage\u00a0: propose la question que devront résoudre les lecteurs suivants.';

const bovary = aBookDetail({
  title: 'Madame Bovary',
  slug: 'madame-bovary',
  totalPages: 150,
  expectedSegments: 5,
  questionsReady: 5,
});

const offer = (overrides: Partial<BookContributions> = {}): BookContributions => ({
  pending: [],
  reviewable: 0,
  next: { segment: 3, hasQuestion: true },
  ...overrides,
});

function renderBook(
  book: BookDetail,
  progress: () => ReadingProgressView,
  contributions: () => BookContributions | Promise<never>,
  more: Parameters<typeof mockApi>[0] = {},
) {
  const fetchMock = mockApi({
    [`GET /api/books/${book.slug}`]: () => ({ body: { book, progress: progress() } }),
    [`GET /api/books/${book.id}/contributions`]: () => {
      const body = contributions();
      return body instanceof Promise ? body : { body };
    },
    ...more,
  });
  setSignedIn(aSessionUser());
  renderScreen(<BookPage />, { path: '/books/:ref', at: `/books/${book.slug}` });
  return { user: userEvent.setup(), fetchMock };
}

const inProgress = () => aProgress({ status: 'in_progress', segmentsValidated: 2 });

describe('book page contributions', () => {
  it('invites the reader to write the question of a segment without one, instead of validating', async () => {
    renderBook(bovary, inProgress, () => offer({ next: { segment: 3, hasQuestion: false } }));
    expect(await screen.findByText(invitation, asIs)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proposer la question' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Valider ma lecture' })).toBeNull();
  });

  it('offers the validate button when the server says the next segment has a question, whatever the count in a row says', async () => {
    const partial = { ...bovary, slug: 'partiel', questionsReady: 2 };
    renderBook(partial, inProgress, () => offer({ next: { segment: 3, hasQuestion: true } }));
    expect(await screen.findByRole('button', { name: 'Valider ma lecture' })).toBeTruthy();
    expect(screen.queryByText(/La question du segment 3 arrive bientôt/)).toBeNull();
    expect(screen.queryByText(invitation, asIs)).toBeNull();
  });

  it('keeps the page as it was while the offer loads: the notice, no invitation', async () => {
    const partial = { ...bovary, slug: 'partiel-2', questionsReady: 2 };
    renderBook(partial, inProgress, () => pending());
    expect(await screen.findByText(/La question du segment 3 arrive bientôt/)).toBeTruthy();
    expect(screen.queryByText(invitation, asIs)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Proposer la question' })).toBeNull();
  });

  it("lists the reader's questions waiting for review, and links to the book's questions to review with their count", async () => {
    renderBook(bovary, inProgress, () =>
      offer({
        pending: [{ segment: 2, question: 'Comment s’appelle le chien d’Emma\u00a0?' }],
        reviewable: 3,
      }),
    );
    const section = await screen.findByRole('region', { name: 'Tes questions en attente' });
    expect(within(section).getByText('Pages 31 à 60')).toBeTruthy();
    expect(within(section).getByText('Comment s’appelle le chien d’Emma ?')).toBeTruthy();
    expect(
      within(section).getByText('Ta question sur ce passage attend sa relecture.'),
    ).toBeTruthy();
    const link = screen.getByRole('link', {
      name: 'Relire les questions proposées pour ce livre (3)',
    });
    expect(link.getAttribute('href')).toBe(`/review-questions?book=${bovary.id}`);
  });

  it('shows no review link when there is nothing to review', async () => {
    renderBook(bovary, inProgress, () => offer({ reviewable: 0 }));
    expect(await screen.findByRole('button', { name: 'Valider ma lecture' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Relire les questions/ })).toBeNull();
  });

  it('sends the question, says the segment counts as read, and refreshes the progress and the offer', async () => {
    let validated = 2;
    let contributions = offer({ next: { segment: 3, hasQuestion: false } });
    const { user, fetchMock } = renderBook(
      bovary,
      () => aProgress({ status: 'in_progress', segmentsValidated: validated }),
      () => contributions,
      {
        [`POST /api/books/${bovary.id}/segments/3/proposals`]: () => {
          validated = 3;
          contributions = offer({
            next: { segment: 4, hasQuestion: true },
            pending: [{ segment: 3, question: 'Qui Emma épouse-t-elle\u00a0?' }],
          });
          return { status: 201, body: { questionId: 'q-1', countedAsRead: true } };
        },
      },
    );
    expect(await screen.findByText('2 sur 5 segments validés')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Proposer la question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta question sur les pages 61 à 90' });
    await user.type(within(dialog).getByLabelText('La question'), 'Qui Emma épouse-t-elle ?');
    await user.type(within(dialog).getByLabelText('La réponse (un seul mot)'), 'Charles');
    await user.type(within(dialog).getByLabelText('Où la réponse se trouve'), 'chapitre 3');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma question' }));

    expect(
      await within(dialog).findByText(
        'Merci\u00a0! Ta question attend sa relecture, et ce passage compte comme lu. Tu gagneras l’XP du passage et 20\u00a0XP de plus quand elle sera publiée.',
        asIs,
      ),
    ).toBeTruthy();
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({
      question: 'Qui Emma épouse-t-elle ?',
      answer: 'charles',
      location: 'chapitre 3',
    });
    // The page behind moved on: one more segment, the next one has its question.
    expect(await screen.findByText('3 sur 5 segments validés')).toBeTruthy();
    // The ✕ beside the title, and the button under the thanks (focused).
    const closers = within(dialog).getAllByRole('button', { name: 'Fermer' });
    expect(document.activeElement).toBe(closers.at(-1));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Valider ma lecture' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Tes questions en attente' });
    expect(within(section).getByText('Qui Emma épouse-t-elle ?')).toBeTruthy();
    // Focus goes to the reader's questions, the button that opened the form being gone.
    expect(document.activeElement?.textContent).toBe('Tes questions en attente');
  });
});
