import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { DeleteAccountScreen } from './delete-account-screen';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the delete-account page', () => {
  it('names the likes Booky, as the rest of the product does', async () => {
    mockApi({
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
    });
    renderScreen(
      <QueryClientProvider client={queryClient}>
        <DeleteAccountScreen />
      </QueryClientProvider>,
      { path: '/settings/delete-account' },
    );
    const item = await screen.findByText(/tes abonnés, tes abonnements/);
    expect(item.textContent).toBe('tes abonnés, tes abonnements et tes Bookys');
    expect(document.body.textContent).not.toMatch(/Boost/);
  });
});
