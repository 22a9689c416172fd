import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarnedRewards } from '../../../../domain/validation.schemas';
import { setSignedIn, setSignedOut } from '../../../lib/session-store';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import {
  aJokerResult,
  aQuestion,
  aValidatedResult,
  aValidationState,
  noRewards,
} from '../../../test/validation-fixtures';
import { ValidationDialogs } from '../components/validation-dialogs';
import { useValidationFlow } from './use-validation-flow';

const BOOK_ID = '0c9a7f3e-5b1d-4e2a-9c8b-000000000042';
const API = `/api/books/${BOOK_ID}`;
const book = { id: BOOK_ID, title: "Candide ou l'Optimisme", totalPages: 150 };
const STATE = `GET ${API}/validation`;
const QUESTION = `GET ${API}/segments/1/question`;
const ANSWER = `POST ${API}/segments/1/answer`;
const JOKER = `POST ${API}/segments/1/joker`;

function Harness({ onRewards }: { onRewards: (rewards: EarnedRewards) => void }) {
  const flow = useValidationFlow({ onRewards });
  return (
    <>
      <button type="button" onClick={() => flow.start({ book, progress: null })}>
        Commencer ma lecture
      </button>
      <ValidationDialogs flow={flow} />
    </>
  );
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onRewards = vi.fn();
  renderScreen(
    <QueryClientProvider client={client}>
      <Harness onRewards={onRewards} />
    </QueryClientProvider>,
    { path: '/books/:ref', at: '/books/candide' },
  );
  return { user: userEvent.setup(), onRewards, invalidate, client };
}

/** Opens the confirmation, ticks the box and confirms: the quiz opens. */
async function openQuiz(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Commencer ma lecture' }));
  const dialog = await screen.findByRole('dialog', { name: 'Valider le segment 1' });
  await user.click(await within(dialog).findByRole('checkbox'));
  await user.click(within(dialog).getByRole('button', { name: 'Valider cette étape' }));
  return screen.findByRole('dialog', { name: 'Question du segment 1' });
}

async function answer(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('textbox', { name: 'Ta réponse' }), `${text}{Enter}`);
}

beforeEach(() => {
  setSignedIn(aSessionUser());
  toast.dismiss();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('validation flow', () => {
  it('right answer: success with the next segment; rewards announced on closing', async () => {
    const rewards = { ...noRewards, xp: 50, quests: [] };
    const fetchMock = mockApi({
      [STATE]: { body: aValidationState() },
      [QUESTION]: { body: aQuestion() },
      [ANSWER]: { body: aValidatedResult({ rewards }) },
    });
    const { user, onRewards, invalidate } = setup();
    await openQuiz(user);
    await answer(user, 'Lisbonne');

    const success = await screen.findByRole('dialog', { name: 'Segment 1 validé\u00a0!' });
    expect(within(success).getByText('Prochaine validation dans 30 pages')).toBeTruthy();
    expect(within(success).getByText('Prochain segment : 2')).toBeTruthy();
    const answerCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/answer'));
    expect(JSON.parse(String(answerCall?.[1]?.body))).toEqual({ answer: 'Lisbonne' });
    // The book pages (progress, jokers, congratulation) and the reading list are refetched.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['book'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['reading-list'] });
    expect(onRewards).not.toHaveBeenCalled();

    await user.click(within(success).getByRole('button', { name: 'Continuer la lecture' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRewards).toHaveBeenCalledWith(rewards);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Commencer ma lecture' }),
      ),
    );
  });

  it('wrong answer without joker: texts and attempts left, the quiz stays', async () => {
    mockApi({
      [STATE]: { body: aValidationState({ jokers: { used: 0, allowed: 0 } }) },
      [QUESTION]: { body: aQuestion() },
      [ANSWER]: { body: { correct: false, attemptsLeft: 2, lockedUntil: null, jokerOffer: false } },
    });
    const { user } = setup();
    const quiz = await openQuiz(user);
    await answer(user, 'Paris');
    const alert = await within(quiz).findByRole('alert');
    expect(within(alert).getByText('Réponse incorrecte. Essayez encore !')).toBeTruthy();
    expect(within(alert).getByText('Il vous reste 2 tentatives.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: /joker/ })).toBeNull();
  });

  it('wrong answer with a joker offer: spending it reveals the answer and validates', async () => {
    const rewards = { ...noRewards, xp: 0 };
    const fetchMock = mockApi({
      [STATE]: { body: aValidationState() },
      [QUESTION]: { body: aQuestion() },
      [ANSWER]: { body: { correct: false, attemptsLeft: 2, lockedUntil: null, jokerOffer: true } },
      [JOKER]: { body: aJokerResult({ answer: 'lisbonne', rewards }) },
    });
    const { user, onRewards } = setup();
    await openQuiz(user);
    await answer(user, 'Paris');

    const offer = await screen.findByRole('dialog', { name: 'Utiliser un joker\u00a0?' });
    expect(within(offer).getByText('Réponse incorrecte. Essayez encore !')).toBeTruthy();
    expect(within(offer).getByText('Il vous reste 2 tentatives.')).toBeTruthy();
    expect(within(offer).getByText('Jokers disponibles : 1 / 1')).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: 'Utiliser un joker' }));

    const reveal = await screen.findByRole('dialog', { name: 'La bonne réponse' });
    expect(within(reveal).getByTestId('revealed-answer').textContent).toBe('lisbonne');
    const jokerCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/joker'));
    expect(jokerCall?.[1]?.body).toBe('{}');
    await user.click(within(reveal).getByRole('button', { name: 'Continuer la lecture' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRewards).toHaveBeenCalledWith(rewards);
  });

  it('declining the joker ends the attempt without validating', async () => {
    const fetchMock = mockApi({
      [STATE]: { body: aValidationState() },
      [QUESTION]: { body: aQuestion() },
      [ANSWER]: { body: { correct: false, attemptsLeft: 2, lockedUntil: null, jokerOffer: true } },
    });
    const { user, onRewards } = setup();
    await openQuiz(user);
    await answer(user, 'Paris');
    const offer = await screen.findByRole('dialog', { name: 'Utiliser un joker\u00a0?' });
    await user.click(within(offer).getByRole('button', { name: 'Non merci' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/joker'))).toBe(false);
    expect(onRewards).not.toHaveBeenCalled();
  });

  it('a refused joker ends the attempt with the server message', async () => {
    mockApi({
      [STATE]: { body: aValidationState() },
      [QUESTION]: { body: aQuestion() },
      [ANSWER]: { body: { correct: false, attemptsLeft: 2, lockedUntil: null, jokerOffer: true } },
      [JOKER]: apiError(409, 'NO_JOKER_LEFT', 'Tous vos jokers ont été utilisés pour ce livre'),
    });
    const { user } = setup();
    await openQuiz(user);
    await answer(user, 'Paris');
    const offer = await screen.findByRole('dialog', { name: 'Utiliser un joker\u00a0?' });
    await user.click(within(offer).getByRole('button', { name: 'Utiliser un joker' }));
    expect(await screen.findByText('Tous vos jokers ont été utilisés pour ce livre')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the third wrong answer without joker locks: the countdown replaces the form', async () => {
    const lockedUntil = new Date(Date.now() + 30 * 60_000).toISOString();
    mockApi({
      [STATE]: { body: aValidationState({ attemptsLeft: 1, jokers: { used: 0, allowed: 0 } }) },
      [QUESTION]: { body: aQuestion({ attemptsLeft: 1 }) },
      [ANSWER]: { body: { correct: false, attemptsLeft: 0, lockedUntil, jokerOffer: false } },
    });
    const { user } = setup();
    await openQuiz(user);
    await answer(user, 'Paris');
    const locked = await screen.findByRole('dialog', { name: 'Valider le segment 1' });
    expect(
      within(locked).getByText('Nombre maximum de tentatives atteint. Réessayez plus tard.'),
    ).toBeTruthy();
    expect(within(locked).getByRole('timer').textContent).toMatch(
      /^Vous pourrez réessayer dans (30 minutes|29 minutes et 59 secondes)$/,
    );
    expect(within(locked).queryByRole('checkbox')).toBeNull();
  });

  it('reopening a locked segment shows the countdown, and the form comes back at 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lockedUntil: string | null = new Date(Date.now() + 2000).toISOString();
    const fetchMock = mockApi({
      [STATE]: () => ({ body: aValidationState({ attemptsLeft: 0, lockedUntil }) }),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Commencer ma lecture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider le segment 1' });
    const timer = await within(dialog).findByRole('timer');
    expect(timer.textContent).toMatch(/^Vous pourrez réessayer dans [12] secondes?$/);
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    lockedUntil = null;
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(within(dialog).queryByRole('timer')).toBeNull();
    expect(within(dialog).getByRole('checkbox')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Valider cette étape' })).toBeTruthy();
    // Same dialog, same page: the server's state is asked again, nothing is reloaded.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/validation')),
      ).toHaveLength(2),
    );
  });

  it('a lock reported when asking for the question shows its countdown', async () => {
    const lockedUntil = new Date(Date.now() + 90 * 60_000).toISOString();
    mockApi({
      [STATE]: { body: aValidationState() },
      [QUESTION]: {
        status: 423,
        body: {
          error: {
            code: 'SEGMENT_LOCKED',
            message: 'Nombre maximum de tentatives atteint. Réessayez plus tard.',
            details: { lockedUntil },
          },
        },
      },
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Commencer ma lecture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider le segment 1' });
    await user.click(await within(dialog).findByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Valider cette étape' }));
    expect((await within(dialog).findByRole('timer')).textContent).toMatch(
      /^Vous pourrez réessayer dans 1 heure et (30|29) minutes$/,
    );
  });

  it.each([
    [409, 'ALREADY_VALIDATED', 'Ce segment a déjà été validé'],
    [409, 'BOOK_FINISHED', 'Vous avez déjà terminé ce livre !'],
    [404, 'NO_QUESTION', 'Aucune question trouvée pour ce segment'],
    [409, 'SEGMENT_NOT_NEXT', 'Impossible de déterminer le segment à valider'],
  ])('a refused question (%i %s) closes the flow with the toast %s', async (status, code, text) => {
    mockApi({ [STATE]: { body: aValidationState() }, [QUESTION]: apiError(status, code, text) });
    const { user, invalidate } = setup();
    await user.click(screen.getByRole('button', { name: 'Commencer ma lecture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider le segment 1' });
    await user.click(await within(dialog).findByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Valider cette étape' }));
    expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    if (code === 'ALREADY_VALIDATED' || code === 'BOOK_FINISHED') {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['book'] });
    }
  });

  it('a network failure keeps the quiz open with the spec message', async () => {
    mockApi({
      [STATE]: { body: aValidationState() },
      [QUESTION]: { body: aQuestion() },
      [ANSWER]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user } = setup();
    const quiz = await openQuiz(user);
    await answer(user, 'Lisbonne');
    expect((await within(quiz).findByRole('alert')).textContent).toBe('Erreur de validation');
  });

  it('visitors are told to sign in; nothing opens', async () => {
    setSignedOut();
    mockApi({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Commencer ma lecture' }));
    expect(
      await screen.findByText('Vous devez être connecté pour commencer ou valider votre lecture'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
