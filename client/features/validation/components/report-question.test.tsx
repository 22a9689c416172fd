import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import {
  aJokerResult,
  aQuestion,
  aValidatedResult,
  aValidationState,
} from '../../../test/validation-fixtures';
import { useValidationFlow } from '../hooks/use-validation-flow';
import { ValidationDialogs } from './validation-dialogs';

// « Signaler cette question » (decision 047) through the whole flow: the question the quiz was
// given is the one reported, after a wrong answer, a success, a joker or a lock.

const BOOK_ID = '0c9a7f3e-5b1d-4e2a-9c8b-000000000042';
const QUESTION_ID = '3b0a5c1e-0000-4000-8000-0000000000aa';
const API = `/api/books/${BOOK_ID}`;
const book = { id: BOOK_ID, title: "Candide ou l'Optimisme", totalPages: 150 };
const STATE = `GET ${API}/validation`;
const QUESTION = `GET ${API}/segments/1/question`;
const ANSWER = `POST ${API}/segments/1/answer`;
const JOKER = `POST ${API}/segments/1/joker`;
const REPORT = `POST /api/questions/${QUESTION_ID}/reports`;
const wrong = (overrides: object = {}) => ({
  body: { correct: false, attemptsLeft: 2, lockedUntil: null, jokerOffer: false, ...overrides },
});

function Harness() {
  const flow = useValidationFlow();
  return (
    <>
      <button type="button" onClick={() => flow.start({ book, progress: null })}>
        Commencer ma lecture
      </button>
      <ValidationDialogs flow={flow} />
    </>
  );
}

function setup(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({
    [STATE]: { body: aValidationState({ jokers: { used: 0, allowed: 0 } }) },
    [QUESTION]: { body: aQuestion({ questionId: QUESTION_ID }) },
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderScreen(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
    { path: '/books/:ref', at: '/books/candide' },
  );
  return { user: userEvent.setup(), fetchMock };
}

type User = ReturnType<typeof userEvent.setup>;

async function answerOnce(user: User, text: string) {
  await user.click(screen.getByRole('button', { name: 'Commencer ma lecture' }));
  const confirm = await screen.findByRole('dialog', { name: 'Valider le segment 1' });
  await user.click(await within(confirm).findByRole('checkbox'));
  await user.click(within(confirm).getByRole('button', { name: 'Valider cette étape' }));
  const quiz = await screen.findByRole('dialog', { name: 'Question du segment 1' });
  // Nothing to report before an answer.
  expect(within(quiz).queryByRole('button', { name: 'Signaler cette question' })).toBeNull();
  await user.type(within(quiz).getByRole('textbox', { name: 'Ta réponse' }), `${text}{Enter}`);
}

/** Opens the form; focus is on its first reason. */
async function openReport(user: User, dialog: HTMLElement) {
  const button = await within(dialog).findByRole('button', { name: 'Signaler cette question' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  await user.click(button);
  const form = within(dialog).getByRole('form', { name: 'Signaler cette question' });
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(within(form).getByRole('group', { name: 'Qu’est-ce qui ne va pas\u00a0?' })).toBeTruthy();
  expect(
    within(form)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent),
  ).toEqual([
    'Plusieurs réponses possibles',
    'La réponse n’est pas dans ces pages',
    'Erreur dans la question ou la réponse',
    'Contenu choquant',
  ]);
  expect(document.activeElement).toBe(within(form).getAllByRole('radio')[0]);
  return form;
}

function reportCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/reports'))
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));
}

beforeEach(() => {
  setSignedIn(aSessionUser());
  toast.dismiss();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('« Signaler cette question »', () => {
  it('after a wrong answer: a reason is required, then the question asked is reported', async () => {
    const { user, fetchMock } = setup({
      [ANSWER]: wrong(),
      [REPORT]: { status: 201, body: { returnedToReview: false } },
    });
    await answerOnce(user, 'Paris');
    const quiz = screen.getByRole('dialog', { name: 'Question du segment 1' });
    await within(quiz).findByText('Réponse incorrecte. Essayez encore !');
    const form = await openReport(user, quiz);

    await user.click(within(form).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choisis ce qui ne va pas.');
    expect(reportCalls(fetchMock)).toEqual([]);

    await user.click(
      within(form).getByRole('radio', { name: 'La réponse n’est pas dans ces pages' }),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Envoyer le signalement' }));

    const status = await within(quiz).findByText('Merci, ton signalement est enregistré.');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(within(quiz).queryByRole('form')).toBeNull();
    expect(within(quiz).queryByRole('button', { name: 'Signaler cette question' })).toBeNull();
    expect(reportCalls(fetchMock)).toEqual([
      { url: `/api/questions/${QUESTION_ID}/reports`, body: { reason: 'outside' } },
    ]);
    // The quiz goes on: the reader may still answer.
    expect(within(quiz).getByRole('textbox', { name: 'Ta réponse' })).toBeTruthy();
  });

  it('after a success: the server says it was already reported', async () => {
    const { user, fetchMock } = setup({
      [ANSWER]: { body: aValidatedResult() },
      [REPORT]: apiError(409, 'ALREADY_REPORTED', 'Tu as déjà signalé cette question.'),
    });
    await answerOnce(user, 'Lisbonne');
    const success = await screen.findByRole('dialog', { name: 'Segment 1 validé\u00a0!' });
    // The dialog's own button keeps the focus; the report waits below it.
    expect(document.activeElement).toBe(
      within(success).getByRole('button', { name: 'Continuer la lecture' }),
    );
    const form = await openReport(user, success);
    await user.click(within(form).getByRole('radio', { name: 'Contenu choquant' }));
    await user.click(within(form).getByRole('button', { name: 'Envoyer le signalement' }));

    const status = await within(success).findByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Tu as déjà signalé cette question.'));
    expect(within(success).queryByRole('form')).toBeNull();
    expect(reportCalls(fetchMock)).toEqual([
      { url: `/api/questions/${QUESTION_ID}/reports`, body: { reason: 'offensive' } },
    ]);
  });

  it('after the lock: the question that locked the segment is reported', async () => {
    const lockedUntil = new Date(Date.now() + 30 * 60_000).toISOString();
    const { user, fetchMock } = setup({
      [ANSWER]: wrong({ attemptsLeft: 0, lockedUntil }),
      [REPORT]: { status: 201, body: { returnedToReview: true } },
    });
    await answerOnce(user, 'Paris');
    const locked = await screen.findByRole('dialog', { name: 'Valider le segment 1' });
    expect(await within(locked).findByRole('timer')).toBeTruthy();
    const form = await openReport(user, locked);
    await user.click(within(form).getByRole('radio', { name: 'Plusieurs réponses possibles' }));
    await user.click(within(form).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await within(locked).findByText('Merci, ton signalement est enregistré.')).toBeTruthy();
    expect(reportCalls(fetchMock)).toEqual([
      { url: `/api/questions/${QUESTION_ID}/reports`, body: { reason: 'ambiguous' } },
    ]);
  });

  it('after a joker: offered under the revealed answer', async () => {
    const { user } = setup({
      [STATE]: { body: aValidationState() },
      [ANSWER]: wrong({ jokerOffer: true }),
      [JOKER]: { body: aJokerResult() },
    });
    await answerOnce(user, 'Paris');
    const offer = await screen.findByRole('dialog', { name: 'Utiliser un joker\u00a0?' });
    await user.click(within(offer).getByRole('button', { name: 'Utiliser un joker' }));
    const reveal = await screen.findByRole('dialog', { name: 'La bonne réponse' });
    expect(within(reveal).getByRole('button', { name: 'Signaler cette question' })).toBeTruthy();
  });

  it('cancelling gives focus back to the button; a network failure keeps the form', async () => {
    const { user } = setup({
      [ANSWER]: wrong(),
      [REPORT]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await answerOnce(user, 'Paris');
    const quiz = screen.getByRole('dialog', { name: 'Question du segment 1' });
    let form = await openReport(user, quiz);
    await user.click(within(form).getByRole('button', { name: 'Annuler' }));
    expect(within(quiz).queryByRole('form')).toBeNull();
    const button = within(quiz).getByRole('button', { name: 'Signaler cette question' });
    await waitFor(() => expect(document.activeElement).toBe(button));

    form = await openReport(user, quiz);
    await user.click(within(form).getByRole('radio', { name: 'Contenu choquant' }));
    await user.click(within(form).getByRole('button', { name: 'Envoyer le signalement' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Ton signalement n’a pas pu être envoyé. Réessaie dans un instant.',
    );
    expect(within(form).getByRole('button', { name: 'Envoyer le signalement' })).toBeTruthy();
  });

  it('a lock known before any question was shown offers nothing to report', async () => {
    const lockedUntil = new Date(Date.now() + 30 * 60_000).toISOString();
    const { user } = setup({
      [STATE]: { body: aValidationState({ attemptsLeft: 0, lockedUntil }) },
    });
    await user.click(screen.getByRole('button', { name: 'Commencer ma lecture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider le segment 1' });
    expect(await within(dialog).findByRole('timer')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Signaler cette question' })).toBeNull();
  });
});
