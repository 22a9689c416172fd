import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { aBookDetail, aProgress } from '../test/catalogue-fixtures';
import { mockApi } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { aValidationState } from '../test/validation-fixtures';
import { BookPage } from './book';

// The validation dialogs' code arrives when the test says so: on a busy machine the first tap
// of 'Valider ma lecture' once waited a minute for it, with nothing to show for it.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
});
vi.mock('../features/validation/components/validation-dialogs', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the validate button while the validation code downloads', () => {
  it('is busy with a spinner, takes no second tap, then opens the confirmation', async () => {
    const book = aBookDetail({ slug: 'candide', totalPages: 150, expectedSegments: 5 });
    const fetchMock = mockApi({
      'GET /api/books/candide': {
        body: { book, progress: aProgress({ status: 'in_progress', segmentsValidated: 1 }) },
      },
      [`GET /api/books/${book.id}/validation`]: { body: aValidationState({ segment: 2 }) },
    });
    setSignedIn(aSessionUser());
    renderScreen(<BookPage />, { path: '/books/:ref', at: '/books/candide' });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Valider ma lecture' });
    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.querySelector('.animate-spin')).not.toBeNull();
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => gate.open());
    expect(await screen.findByRole('dialog', { name: 'Valider le segment 2' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(button.getAttribute('aria-busy')).toBeNull();
    const stateCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/validation'));
    expect(stateCalls).toHaveLength(1);
  });
});
