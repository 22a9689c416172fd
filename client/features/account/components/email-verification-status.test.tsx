import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailVerificationMessages as m } from '../../../../domain/messages/email-verification';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { EmailVerificationStatus } from './email-verification-status';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderStatus() {
  setSignedIn(aSessionUser());
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <EmailVerificationStatus />
    </QueryClientProvider>,
    { path: '/profile' },
  );
  return userEvent.setup();
}

describe('EmailVerificationStatus', () => {
  it('says a confirmed address is verified, with no button', async () => {
    mockApi({ 'GET /api/account/email-verification': { body: { verified: true } } });
    renderStatus();
    expect(await screen.findByText('Adresse vérifiée')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says an unconfirmed address is not verified and resends the link, with the server’s toast', async () => {
    const fetchMock = mockApi({
      'GET /api/account/email-verification': { body: { verified: false } },
      'POST /api/account/email-verification': { body: { message: m.resent } },
    });
    const user = renderStatus();
    expect(await screen.findByText('Adresse non vérifiée')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.resend }));
    expect(await screen.findByText(m.resent)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('shows the server’s French refusal when resent too often', async () => {
    const refusal = 'Trop de tentatives. Réessaie dans 60\u00a0min.';
    mockApi({
      'GET /api/account/email-verification': { body: { verified: false } },
      'POST /api/account/email-verification': apiError(429, 'RATE_LIMITED', refusal),
    });
    const user = renderStatus();
    await user.click(await screen.findByRole('button', { name: m.resend }));
    expect(await screen.findByText(/^Trop de tentatives\. Réessaie dans 60/)).toBeTruthy();
  });
});
