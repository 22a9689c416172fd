import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { aBook } from '../../../test/catalogue-fixtures';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { RemoveFromListButton } from './remove-from-list-button';

// The confirmation's code arrives when the test says so: a busy machine, a slow network.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
});
vi.mock('./remove-from-list-dialog', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('RemoveFromListButton while its dialog is downloading', () => {
  it('shows it is loading and takes one tap only, then opens the confirmation', async () => {
    setSignedIn(aSessionUser());
    renderScreen(
      <QueryClientProvider client={queryClient}>
        <RemoveFromListButton book={{ id: aBook().id, title: 'Carmen' }} />
      </QueryClientProvider>,
      { path: '/reading-list' },
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Retirer' });
    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.querySelector('.animate-spin')).not.toBeNull();
    await user.click(button);

    await act(async () => gate.open());
    expect(
      await screen.findByRole('dialog', {
        name: 'Retirer «\u00a0Carmen\u00a0» de ta liste\u00a0?',
      }),
    ).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
