import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewItem } from '../../domain/question-proposals.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedIn, setSignedOut } from '../lib/session-store';
import { apiError, held, mockApi } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { ReviewQuestionsPage } from './review-questions';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const asIs = { normalizer: (text: string) => text };
const bovaryId = '0c9a7f3e-5b1d-4e2a-9c8b-000000000101';

let counter = 0;
function anItem(overrides: Partial<ReviewItem> = {}): ReviewItem {
  counter += 1;
  return {
    id: `5d1e2f3a-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    book: {
      id: bovaryId,
      slug: 'madame-bovary',
      title: 'Madame Bovary',
      author: 'Gustave Flaubert',
    },
    segment: 2,
    from: 31,
    to: 60,
    question: `Question ${counter}\u00a0?`,
    answer: 'rodolphe',
    location: 'chapitre 3',
    approvals: 0,
    figures: { attempts: 0, firstTry: 0, jokers: 0, reports: 0 },
    createdAt: '2026-11-28T08:00:00.000Z',
    ...overrides,
  };
}

const QUEUE = 'GET /api/question-reviews';

function renderReview(routes: Parameters<typeof mockApi>[0], at = '/review-questions') {
  const fetchMock = mockApi(routes);
  setSignedIn(aSessionUser());
  renderScreen(<ReviewQuestionsPage />, { path: '/review-questions', at });
  return { user: userEvent.setup(), fetchMock };
}

const posted = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));

const card = (question: string) => screen.getByRole('article', { name: question });

describe('/review-questions', () => {
  it('asks a visitor to sign in', async () => {
    mockApi({});
    setSignedOut();
    renderScreen(<ReviewQuestionsPage />, { path: '/review-questions' });
    expect(screen.getByRole('heading', { name: 'Relire des questions' })).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Se connecter' });
    expect(signIn.getAttribute('href')).toBe(
      `/auth?${new URLSearchParams({ next: '/review-questions' })}`,
    );
  });

  it('shows a skeleton while the queue loads, then lists each question with its book, pages, answer and place', async () => {
    const request = held();
    const first = anItem({ question: 'Qui Emma rencontre-t-elle au bal\u00a0?' });
    const second = anItem({ location: null, from: 61, to: 90 });
    renderReview({ [QUEUE]: () => request.reply });
    const loading = await screen.findByText('Chargement des questions à relire…');
    expect(loading.closest('[role="status"]')).toBeTruthy();
    request.answer({ body: { items: [first, second], next: null } });

    const article = await screen.findByRole('article', {
      name: 'Qui Emma rencontre-t-elle au bal\u00a0?',
    });
    expect(
      within(article).getByText('«\u00a0Madame Bovary\u00a0», pages 31 à 60', asIs),
    ).toBeTruthy();
    expect(within(article).getByText('Gustave Flaubert')).toBeTruthy();
    expect(within(article).getByText('Réponse\u00a0: rodolphe', asIs)).toBeTruthy();
    expect(within(article).getByText('Où\u00a0: chapitre 3', asIs)).toBeTruthy();
    for (const name of ['Approuver', 'Corriger puis approuver', 'Refuser']) {
      expect(within(article).getByRole('button', { name })).toBeTruthy();
    }
    const other = card(second.question);
    expect(
      within(other).getByText('«\u00a0Madame Bovary\u00a0», pages 61 à 90', asIs),
    ).toBeTruthy();
    expect(within(other).queryByText(/^Où/)).toBeNull();
    expect(within(article).queryByText('Revenue en relecture d’après ses résultats')).toBeNull();
  });

  it('shows the figures of a question sent back to review by its results', async () => {
    const returned = anItem({ figures: { attempts: 24, firstTry: 3, jokers: 1, reports: 0 } });
    renderReview({ [QUEUE]: () => ({ body: { items: [returned], next: null } }) });
    const article = await screen.findByRole('article', { name: returned.question });
    expect(within(article).getByText('Revenue en relecture d’après ses résultats')).toBeTruthy();
    expect(
      within(article).getByText('24 lecteurs, 3 du premier coup, 1 joker, 0 signalement'),
    ).toBeTruthy();
  });

  it('approves a question: it leaves the list, the status says so, focus moves to the next', async () => {
    const first = anItem();
    const second = anItem();
    const { user, fetchMock } = renderReview({
      [QUEUE]: { body: { items: [first, second], next: null } },
      [`POST /api/question-reviews/${first.id}`]: { body: { status: 'pending' } },
    });
    await screen.findAllByRole('article');
    await user.click(within(card(first.question)).getByRole('button', { name: 'Approuver' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Merci, ton avis est enregistré.');
    expect(posted(fetchMock)).toEqual([
      { url: `/api/question-reviews/${first.id}`, body: { verdict: 'approve' } },
    ]);
    expect(document.activeElement).toBe(card(second.question));
  });

  it('needs a reason to refuse, then sends it', async () => {
    const item = anItem();
    const { user, fetchMock } = renderReview({
      [QUEUE]: { body: { items: [item], next: null } },
      [`POST /api/question-reviews/${item.id}`]: { body: { status: 'rejected' } },
    });
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    const group = screen.getByRole('group', { name: 'Pourquoi refuser cette question\u00a0?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Réponse ambiguë',
      'Devinable sans avoir lu',
      'Hors de ce segment',
      'Erreur dans la question ou la réponse',
      'Doublon',
    ]);
    await user.click(screen.getByRole('button', { name: 'Refuser la question' }));
    expect(screen.getByRole('alert').textContent).toBe('Choisis la raison du refus.');
    expect(posted(fetchMock)).toEqual([]);

    await user.click(within(group).getByRole('radio', { name: 'Devinable sans avoir lu' }));
    await user.click(screen.getByRole('button', { name: 'Refuser la question' }));
    expect(
      await screen.findByText('Aucune question à relire pour l’instant.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Merci, la question est refusée.');
    expect(posted(fetchMock)).toEqual([
      { url: `/api/question-reviews/${item.id}`, body: { verdict: 'reject', reason: 'guessable' } },
    ]);
  });

  it('corrects a question before approving it: the three fields, sent as the edit', async () => {
    const item = anItem({ question: 'Qui est l’amant d’Emma\u00a0?' });
    const { user, fetchMock } = renderReview({
      [QUEUE]: { body: { items: [item], next: null } },
      [`POST /api/question-reviews/${item.id}`]: { body: { status: 'approved' } },
    });
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Corriger puis approuver' }));
    const form = screen.getByRole('form', { name: 'Corriger la question' });
    const question = within(form).getByLabelText('La question') as HTMLInputElement;
    expect(question.value).toBe('Qui est l’amant d’Emma\u00a0?');
    expect(document.activeElement).toBe(question);
    const answer = within(form).getByLabelText('La réponse (un seul mot)');
    await user.clear(answer);
    await user.type(answer, 'Léon Dupuis');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer et approuver' }));
    expect(within(form).getByText('La réponse doit contenir un seul mot')).toBeTruthy();
    expect(posted(fetchMock)).toEqual([]);

    await user.clear(answer);
    await user.type(answer, 'Léon');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer et approuver' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(posted(fetchMock)).toEqual([
      {
        url: `/api/question-reviews/${item.id}`,
        body: {
          verdict: 'approve',
          edit: {
            question: 'Qui est l’amant d’Emma\u00a0?',
            answer: 'léon',
            location: 'chapitre 3',
          },
        },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Merci, ton avis est enregistré.');
  });

  it('cancels a correction and gives focus back to its button', async () => {
    renderReview({ [QUEUE]: { body: { items: [anItem()], next: null } } });
    const user = userEvent.setup();
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Corriger puis approuver' }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Corriger puis approuver' }),
    );
  });

  it("shows the server's refusal of a verdict in the question's card", async () => {
    const item = anItem();
    const { user } = renderReview({
      [QUEUE]: { body: { items: [item], next: null } },
      [`POST /api/question-reviews/${item.id}`]: apiError(
        409,
        'ALREADY_DECIDED',
        'Cette question a déjà été publiée ou refusée.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Approuver' }));
    const article = screen.getByRole('article');
    expect((await within(article).findByRole('alert')).textContent).toBe(
      'Cette question a déjà été publiée ou refusée.',
    );
  });

  it('says when there is nothing to review', async () => {
    renderReview({ [QUEUE]: { body: { items: [], next: null } } });
    expect(
      await screen.findByText(
        'Aucune question à relire pour l’instant. Merci de veiller sur les questions des autres lecteurs\u00a0!',
        asIs,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
  });

  it('says in French when the queue cannot load, and tries again', async () => {
    let fail = true;
    const { user } = renderReview({
      [QUEUE]: () =>
        fail
          ? apiError(403, 'FORBIDDEN', 'Accès refusé')
          : { body: { items: [anItem({ question: 'Enfin\u00a0?' })], next: null } },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Impossible de charger les questions à relire.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'Enfin\u00a0?' })).toBeTruthy();
  });

  it('loads 20 more with « Afficher plus », focus on the first new question', async () => {
    const firstPage = Array.from({ length: 20 }, () => anItem());
    const later = anItem({ question: 'La suivante\u00a0?' });
    const { user, fetchMock } = renderReview({
      [QUEUE]: { body: { items: firstPage, next: 'curseur-1' } },
      [`${QUEUE}?after=curseur-1`]: { body: { items: [later], next: null } },
    });
    expect(await screen.findAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    const added = await screen.findByRole('article', { name: 'La suivante\u00a0?' });
    await waitFor(() => expect(document.activeElement).toBe(added));
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/question-reviews',
      '/api/question-reviews?after=curseur-1',
    ]);
  });

  it("keeps one book's questions with ?book=, and links to every book's", async () => {
    const { fetchMock } = renderReview(
      { [`${QUEUE}?bookId=${bovaryId}`]: { body: { items: [anItem()], next: null } } },
      `/review-questions?book=${bovaryId}`,
    );
    expect(await screen.findByRole('article')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      `/api/question-reviews?bookId=${bovaryId}`,
    ]);
    expect(
      screen
        .getByRole('link', { name: 'Voir les questions de tous les livres' })
        .getAttribute('href'),
    ).toBe('/review-questions');
  });
});
