import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationMessages as m } from '../../../../domain/messages/notifications';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { DigestEmailSetting, NotificationSettings } from './digest-email-setting';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderSetting() {
  setSignedIn(aSessionUser());
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <DigestEmailSetting />
    </QueryClientProvider>,
    { path: '/profile' },
  );
  return userEvent.setup();
}

const toggle = () => screen.getByRole('switch', { name: m.digestEmailTitle });

describe('DigestEmailSetting', () => {
  it('shows the saved choice, off by default, and turns it on', async () => {
    const fetchMock = mockApi({
      'GET /api/notifications/preferences': { body: { weeklyDigestEmail: false } },
      'PUT /api/notifications/preferences': ({ body }) => ({ body }),
    });
    const user = renderSetting();
    expect(toggle().hasAttribute('disabled')).toBe(true); // until the choice is known
    await waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false));
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(toggle().getAttribute('aria-describedby')).toBeTruthy();

    await user.click(toggle());
    expect(await screen.findByText(m.preferencesSaved)).toBeTruthy();
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ weeklyDigestEmail: true });
  });

  it('keeps the old choice and says so when saving fails', async () => {
    mockApi({
      'GET /api/notifications/preferences': { body: { weeklyDigestEmail: true } },
      'PUT /api/notifications/preferences': apiError(500, 'INTERNAL', 'Erreur'),
    });
    const user = renderSetting();
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
    await user.click(toggle());
    expect(await screen.findByText(m.preferencesError)).toBeTruthy();
    expect(toggle().getAttribute('aria-checked')).toBe('true');
  });

  it('shows discussion replies on by default, and sends only that choice when turned off', async () => {
    const fetchMock = mockApi({
      'GET /api/notifications/preferences': {
        body: { weeklyDigestEmail: true, discussionReplies: true },
      },
      'PUT /api/notifications/preferences': () => ({
        body: { weeklyDigestEmail: true, discussionReplies: false },
      }),
    });
    setSignedIn(aSessionUser());
    renderScreen(
      <QueryClientProvider client={queryClient}>
        <NotificationSettings />
      </QueryClientProvider>,
      { path: '/profile' },
    );
    const user = userEvent.setup();
    const replies = () => screen.getByRole('switch', { name: m.discussionRepliesTitle });
    const digest = () => screen.getByRole('switch', { name: m.digestEmailTitle });
    // Both switches wait for the saved choices.
    await waitFor(() => expect(replies().hasAttribute('disabled')).toBe(false));
    expect(replies().getAttribute('aria-checked')).toBe('true');
    expect(digest().getAttribute('aria-checked')).toBe('true');
    await user.click(replies());
    expect((await screen.findAllByText(m.preferencesSaved)).length).toBeGreaterThan(0);
    expect(replies().getAttribute('aria-checked')).toBe('false');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ discussionReplies: false });
  });
});
