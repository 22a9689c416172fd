import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { premiumMessages as m } from '../../../../domain/messages/premium';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn, setSignedOut } from '../../../lib/session-store';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { PremiumScreen } from './premium-screen';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const offer = (available: boolean) => ({
  earlyBirdUntil: '2026-12-15',
  earlyBirdOpen: true,
  lifetimeAvailable: available,
  annualAvailable: available,
});

function renderPremium() {
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <PremiumScreen />
    </QueryClientProvider>,
    { path: '/premium' },
  );
  return userEvent.setup();
}

describe('PremiumScreen', () => {
  it('shows the three offers with the spec’s prices, and says when payment is unavailable', async () => {
    setSignedOut();
    mockApi({ 'GET /api/premium/offer': { body: offer(false) } });
    renderPremium();
    const lifetime = screen.getByRole('region', { name: m.lifetimeName });
    expect(lifetime.textContent).toContain('29\u00a0€');
    expect(lifetime.textContent).toContain('99\u00a0€');
    expect(screen.getByRole('region', { name: m.annualName }).textContent).toContain('4,17\u00a0€');
    expect(screen.getByRole('region', { name: m.freeName }).textContent).toContain('0\u00a0€');
    await waitFor(() => expect(screen.getAllByText(m.paymentUnavailable)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: m.buy })).toBeNull();
    expect(lifetime.textContent).toContain('15 décembre 2026');
  });

  it('shows "Redirection vers Stripe..." while a reader’s checkout is asked for', async () => {
    setSignedIn(aSessionUser({ isPremium: false }));
    let release: () => void = () => {};
    mockApi({
      'GET /api/premium/offer': { body: offer(true) },
      'GET /api/premium/me': {
        body: {
          isPremium: false,
          since: null,
          until: null,
          plan: null,
          renewingSubscription: false,
          portalUrl: null,
        },
      },
      'POST /api/premium/checkout': () =>
        new Promise((resolve) => {
          release = () => resolve(apiError(409, 'CONFLICT', m.alreadyPremium));
        }) as unknown as Promise<never>,
    });
    const user = renderPremium();
    const annual = screen.getByRole('region', { name: m.annualName });
    await user.click(await within(annual).findByRole('button', { name: m.buy }));
    expect(await within(annual).findByRole('button', { name: m.redirecting })).toBeTruthy();
    release();
    expect((await within(annual).findByRole('alert')).textContent).toBe(m.alreadyPremium);
  });
});
