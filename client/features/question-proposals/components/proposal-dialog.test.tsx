import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, held, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { ProposalDialog } from './proposal-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bookId = '0c9a7f3e-5b1d-4e2a-9c8b-000000000777';
const proposals = `POST /api/books/${bookId}/segments/3/proposals`;
const asIs = { normalizer: (text: string) => text };

function renderDialog(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onCountedAsRead = vi.fn();
  renderScreen(
    <QueryClientProvider client={client}>
      <ProposalDialog
        open
        onOpenChange={() => {}}
        bookId={bookId}
        segment={3}
        pages={{ from: 61, to: 90 }}
        onCountedAsRead={onCountedAsRead}
        onClosed={() => {}}
      />
    </QueryClientProvider>,
    { path: '/' },
  );
  const dialog = screen.getByRole('dialog', { name: 'Ta question sur les pages 61 à 90' });
  return { user: userEvent.setup(), fetchMock, dialog, onCountedAsRead };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values: { question?: string; answer?: string; location?: string },
) {
  if (values.question) await user.type(field(dialog, 'La question'), values.question);
  if (values.answer) await user.type(field(dialog, 'La réponse (un seul mot)'), values.answer);
  if (values.location) await user.type(field(dialog, 'Où la réponse se trouve'), values.location);
}

const complete = { question: 'Qui Emma épouse-t-elle ?', answer: 'Charles', location: 'p. 70' };

describe('the proposal form', () => {
  it('shows its fields with their hints', () => {
    const { dialog } = renderDialog();
    expect(
      within(dialog).getByText(
        'Une question dont la réponse tient en un mot, trouvée dans ces pages.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Un chapitre ou des pages, par exemple «\u00a0chapitre 3\u00a0» ou «\u00a0p.\u00a042-45\u00a0».',
        asIs,
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Saisis une réponse pour voir ce qui sera accepté.'),
    ).toBeTruthy();
  });

  it('says in French what is missing, on each field, and sends nothing', async () => {
    const { user, dialog, fetchMock } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma question' }));
    expect(
      within(dialog).getByText('Question invalide : La question ne peut pas être vide'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Réponse invalide : La réponse ne peut pas être vide'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Indique où se trouve la réponse (un chapitre ou des pages).'),
    ).toBeTruthy();
    expect(field(dialog, 'La question').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(dialog, 'La question'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an answer of several words, and shows what a one-word answer accepts', async () => {
    const { user, dialog, fetchMock } = renderDialog();
    await fill(user, dialog, { ...complete, answer: 'Charles Bovary' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma question' }));
    const answer = field(dialog, 'La réponse (un seul mot)');
    expect(within(dialog).getByText('La réponse doit contenir un seul mot')).toBeTruthy();
    expect(document.activeElement).toBe(answer);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(answer);
    await user.type(answer, 'Charles');
    expect(within(dialog).getByText(/^Accepté aussi.*CHARLES/)).toBeTruthy();
  });

  it("shows the server's refusal of a field on that field", async () => {
    const message =
      'La réponse se lit dans le titre ou la présentation du livre\u00a0: choisis un mot qu’on ne trouve qu’en lisant ces pages.';
    const { user, dialog } = renderDialog({
      [proposals]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Données invalides',
            details: { fields: [{ path: 'answer', message }] },
          },
        },
      },
    });
    await fill(user, dialog, complete);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma question' }));
    const answer = field(dialog, 'La réponse (un seul mot)');
    expect(await within(dialog).findByText(message, asIs)).toBeTruthy();
    expect(answer.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(answer);
  });

  it("shows the server's 409 above the form", async () => {
    const { user, dialog } = renderDialog({
      [proposals]: apiError(409, 'DUPLICATE', 'Cette question est déjà proposée pour ce passage.'),
    });
    await fill(user, dialog, complete);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma question' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Cette question est déjà proposée pour ce passage.');
    // The form stays, filled, to change the question.
    expect((field(dialog, 'La question') as HTMLInputElement).value).toBe(complete.question);
  });

  it('is busy while the question is on its way, then thanks the reader', async () => {
    const request = held();
    const { user, dialog, onCountedAsRead } = renderDialog({ [proposals]: () => request.reply });
    await fill(user, dialog, complete);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma question' }));
    const busy = await within(dialog).findByRole('button', { name: 'Envoi…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');

    request.answer({ status: 201, body: { questionId: 'q-1', countedAsRead: false } });
    expect(
      await within(dialog).findByText(
        'Merci\u00a0! Ta question attend sa relecture. Tu gagneras 20\u00a0XP quand elle sera publiée.',
        asIs,
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('La question')).toBeNull();
    // Added to the segment's pool: the progress did not move.
    expect(onCountedAsRead).not.toHaveBeenCalled();
  });
});
