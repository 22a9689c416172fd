import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, circleDay } from '../../../../domain/circles';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { StartCircle } from './start-circle';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const asIs = { normalizer: (text: string) => text };
const book = { id: '0c9a7f3e-5b1d-4e2a-9c8b-000000000042', title: 'Le Grand Meaulnes' };
const circleId = '3c1e2f3a-0000-4000-8000-000000000009';

function renderButton(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(routes);
  setSignedIn(aSessionUser());
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <StartCircle book={book} />
    </QueryClientProvider>,
    { path: '/books/:ref', at: '/books/le-grand-meaulnes' },
  );
  return { user: userEvent.setup(), fetchMock };
}

describe('« Lancer un cercle »', () => {
  it('checks the form as the server does, then starts the circle and opens its page', async () => {
    const { user, fetchMock } = renderButton({
      'POST /api/circles': { status: 201, body: { id: circleId, message: 'Cercle lancé\u00a0!' } },
    });
    await user.click(screen.getByRole('button', { name: m.startCircle }));
    const dialog = await screen.findByRole('dialog', { name: m.startTitle });
    const name = within(dialog).getByLabelText(m.nameLabel);
    const start = within(dialog).getByLabelText(m.startDayLabel) as HTMLInputElement;
    expect(start.value).toBe(circleDay(new Date()));
    await user.type(name, 'Ab');
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    expect(await within(dialog).findByText(m.nameTooShort, asIs)).toBeTruthy();
    await user.clear(start);
    await user.type(start, addDays(circleDay(new Date()), -2));
    await user.type(name, 'cd');
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    expect(await within(dialog).findByText(m.startDayPast, asIs)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(start);
    await user.type(start, addDays(circleDay(new Date()), 3));
    const pace = within(dialog).getByLabelText(m.paceLabel);
    await user.clear(pace);
    await user.type(pace, '5');
    expect(
      within(dialog).getByText('Un segment de 30\u00a0pages tous les 5\u00a0jours.', {
        normalizer: (text) => text,
      }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    await waitFor(() =>
      expect(screen.getByTestId('path').textContent).toBe(`/cercles/${circleId}`),
    );
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      bookId: book.id,
      name: 'Abcd',
      startDay: addDays(circleDay(new Date()), 3),
      paceDays: 5,
    });
  });

  it('says the server’s refusal in French and keeps the form', async () => {
    const { user } = renderButton({
      'POST /api/circles': apiError(410, 'BOOK_UNAVAILABLE', m.bookUnavailable),
    });
    await user.click(screen.getByRole('button', { name: m.startCircle }));
    const dialog = await screen.findByRole('dialog', { name: m.startTitle });
    await user.type(within(dialog).getByLabelText(m.nameLabel), 'Le cercle');
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      m.bookUnavailable,
    );
    expect(screen.getByTestId('path').textContent).toBe('/books/le-grand-meaulnes');
  });
});
