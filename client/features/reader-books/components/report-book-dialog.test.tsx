import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, held, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { ReportBookDialog } from './report-book-dialog';

// « Signaler ce livre » (decision 048): the dialog's fields, its checks and the server's answers.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const book = { id: '0c9a7f3e-5b1d-4e2a-9c8b-000000000048', title: 'Madame Bovary' };
const REPORT = `POST /api/books/${book.id}/reports`;
const asIs = { normalizer: (text: string) => text };

function renderDialog(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  renderScreen(
    <QueryClientProvider client={client}>
      <ReportBookDialog open onOpenChange={onOpenChange} book={book} onClosed={() => {}} />
    </QueryClientProvider>,
    { path: '/' },
  );
  const dialog = screen.getByRole('dialog', { name: 'Signaler ce livre' });
  return { user: userEvent.setup(), fetchMock, dialog, onOpenChange };
}

const sentBodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('the book report dialog', () => {
  it('names the book, offers the four reasons and the optional detail with its counter', () => {
    const { dialog } = renderDialog();
    expect(
      within(dialog).getByText(
        'Dis-nous ce qui ne va pas avec «\u00a0Madame Bovary\u00a0»\u00a0: un administrateur y regardera.',
        asIs,
      ),
    ).toBeTruthy();
    const reasons = within(dialog).getByRole('group', { name: 'Qu’est-ce qui ne va pas\u00a0?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'C’est le doublon d’un autre livre',
      'Ses informations sont fausses',
      'Son contenu est choquant',
      'Autre chose',
    ]);
    const detail = within(dialog).getByRole('textbox', {
      name: 'Précise, si tu veux (facultatif)',
    });
    const described = (detail.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      '0\u00a0/\u00a0300\u00a0caractères',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Envoyer le signalement' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('asks for a reason, on its group, and sends nothing', async () => {
    const { user, dialog, fetchMock } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choisis ce qui ne va pas.');
    const first = within(dialog).getByRole('radio', { name: 'C’est le doublon d’un autre livre' });
    expect(document.activeElement).toBe(first);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('radio', { name: 'Autre chose' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('refuses a detail over 300 characters, counting them, and sends nothing', async () => {
    const { user, dialog, fetchMock } = renderDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Ses informations sont fausses' }));
    const detail = within(dialog).getByRole('textbox', {
      name: 'Précise, si tu veux (facultatif)',
    });
    await user.click(detail);
    await user.paste('a'.repeat(301));
    expect(within(dialog).getByText('301\u00a0/\u00a0300\u00a0caractères', asIs)).toBeTruthy();
    expect(detail.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog).getByText('La précision fait 300\u00a0caractères au plus.', asIs),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(document.activeElement).toBe(detail);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the reason and the detail, then thanks the reader', async () => {
    const answer = held();
    const { user, dialog, fetchMock } = renderDialog({ [REPORT]: () => answer.reply });
    await user.click(
      within(dialog).getByRole('radio', { name: 'C’est le doublon d’un autre livre' }),
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Précise, si tu veux (facultatif)' }),
      '  Le même que « Mme Bovary ».  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    const sending = await within(dialog).findByRole('button', { name: 'Envoi…' });
    expect(sending.getAttribute('aria-busy')).toBe('true');

    answer.answer({ status: 201, body: { reported: true } });
    const status = await within(dialog).findByText(
      'Merci, ton signalement est enregistré. Un administrateur va regarder ce livre.',
    );
    expect(status.getAttribute('role')).toBe('status');
    expect(within(dialog).queryByRole('form')).toBeNull();
    const close = within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1);
    await waitFor(() => expect(document.activeElement).toBe(close));
    expect(sentBodies(fetchMock)).toEqual([
      { reason: 'duplicate', detail: 'Le même que « Mme Bovary ».' },
    ]);
  });

  it('sends no detail when it is left empty', async () => {
    const { user, dialog, fetchMock } = renderDialog({
      [REPORT]: { status: 201, body: { reported: true } },
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Son contenu est choquant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    await within(dialog).findByText(/^Merci, ton signalement est enregistré/);
    expect(sentBodies(fetchMock)).toEqual([{ reason: 'offensive' }]);
  });

  it('says in French when the book was already reported', async () => {
    const { user, dialog } = renderDialog({
      [REPORT]: apiError(409, 'ALREADY_REPORTED', 'Tu as déjà signalé ce livre.'),
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Autre chose' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    const status = await within(dialog).findByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Tu as déjà signalé ce livre.'));
    expect(within(dialog).queryByRole('form')).toBeNull();
  });

  it("puts the server's refusal of a field under it", async () => {
    const fields = [{ path: 'detail', message: 'La précision fait 300\u00a0caractères au plus.' }];
    const { user, dialog } = renderDialog({
      [REPORT]: {
        status: 400,
        body: {
          error: { code: 'VALIDATION_ERROR', message: fields[0]?.message, details: { fields } },
        },
      },
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Autre chose' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Précise/ }), 'Trop long ?');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    const detail = within(dialog).getByRole('textbox', { name: /Précise/ });
    await waitFor(() => expect(detail.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(detail);
  });

  it('keeps the form after a network failure, saying so', async () => {
    const { user, dialog } = renderDialog({
      [REPORT]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Autre chose' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ton signalement n’a pas pu être envoyé. Réessaie dans un moment.',
    );
    expect(within(dialog).getByRole('button', { name: 'Envoyer le signalement' })).toBeTruthy();
  });
});
