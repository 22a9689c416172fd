import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationMessages as m } from '../../../../domain/messages/notifications';
import type { Notification, NotificationList } from '../../../../domain/notifications.schemas';
import { liveHub } from '../../../lib/live';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi, pending } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { NotificationBell } from './notification-bell';

afterEach(() => {
  cleanup();
  liveHub.reset();
  queryClient.clear();
  vi.unstubAllGlobals();
});

let counter = 0;
function aNotification(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  return {
    id: `0a1b2c3d-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    type: 'new_follower',
    actor: { id: '7d2e5a10-2222-4000-8000-000000000001', username: 'Benoît', avatarUrl: null },
    book: null,
    meta: {},
    readAt: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
const book = { id: '3c4d5e6f-0000-4000-8000-000000000001', title: 'Bel-Ami', slug: 'bel-ami' };

function listOf(items: Notification[], unread?: NotificationList['unread']): NotificationList {
  const open = items.filter((n) => !n.readAt);
  const streaks = open.filter((n) => n.type.startsWith('streak')).length;
  return {
    items,
    unread: unread ?? { all: open.length, streaks, social: open.length - streaks },
  };
}

function renderBell() {
  setSignedIn(aSessionUser());
  renderScreen(
    <QueryClientProvider client={queryClient}>
      <NotificationBell />
    </QueryClientProvider>,
    { path: '/home' },
  );
  return userEvent.setup();
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const openPopover = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(bell());
  return screen.getByRole('dialog', { name: m.title });
};

describe('NotificationBell', () => {
  it('shows the unread count on the bell and in its name, capped at 99+', async () => {
    const many = Array.from({ length: 100 }, () => aNotification());
    mockApi({
      'GET /api/notifications': { body: listOf(many, { all: 120, streaks: 0, social: 120 }) },
    });
    renderBell();
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe('Notifications, 120 non lues'),
    );
    expect(screen.getByTestId('bell-badge').textContent).toBe('99+');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows no badge when everything is read', async () => {
    mockApi({
      'GET /api/notifications': {
        body: listOf([aNotification({ readAt: '2026-01-01T00:00:00.000Z' })]),
      },
    });
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(screen.queryByTestId('bell-badge')).toBeNull();
  });

  it('says the list is loading, then shows each kind with its text and action', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    mockApi({
      'GET /api/notifications': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    const user = renderBell();
    const dialog = await openPopover(user);
    expect(within(dialog).getByRole('status').textContent).toContain(m.loading);

    const items = [
      aNotification({ type: 'booky_received', book }),
      aNotification({ type: 'friend_finished', actor: null, book }),
      aNotification({ type: 'streak_nudge', actor: null }),
      aNotification({ type: 'streak_kept', actor: null, meta: { msg: 'Sept jours, bravo.' } }),
      aNotification({ type: 'streak_lost', actor: null }),
      aNotification({ type: 'weekly_digest', actor: null }),
      aNotification({ type: 'new_follower' }),
    ];
    await act(async () => answer({ body: listOf(items) }));
    const list = await within(dialog).findAllByRole('listitem');
    expect(list.map((li) => li.querySelector('p')?.textContent)).toEqual([
      `${m.unreadPrefix}Benoît t'a donné un Booky pour «\u00a0Bel-Ami\u00a0»`,
      `${m.unreadPrefix}Quelqu'un a terminé «\u00a0Bel-Ami\u00a0»`,
      `${m.unreadPrefix}Tu n'as pas validé aujourd'hui. Garde ta série.`,
      `${m.unreadPrefix}Sept jours, bravo.`,
      `${m.unreadPrefix}Série interrompue. On relance ce soir.`,
      `${m.unreadPrefix}Ton résumé hebdomadaire est prêt`,
      `${m.unreadPrefix}Benoît s'est abonné à toi`,
    ]);
    const links = within(dialog)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ["Voir l'activité", '/discover'],
      ["Voir l'activité", '/discover'],
      ['Lire maintenant', '/reading-list'],
      ['Voir les stats', '/achievements'],
      ['Voir le profil', '/profile/7d2e5a10-2222-4000-8000-000000000001'],
    ]);
  });

  it("badges each tab ('9+' on Tous), filters the list and shows each tab's empty state", async () => {
    const social = Array.from({ length: 12 }, () =>
      aNotification({ type: 'friend_finished', book }),
    );
    mockApi({ 'GET /api/notifications': { body: listOf(social) } });
    const user = renderBell();
    const dialog = await openPopover(user);
    const tab = (name: RegExp) => within(dialog).getByRole('tab', { name });
    await waitFor(() => expect(tab(/^Tous/).textContent).toBe('Tous, 12 non lues9+'));
    expect(tab(/^Séries/).textContent).toBe('Séries');
    expect(tab(/^Social/).textContent).toBe('Social, 12 non lues12');
    expect(tab(/^Tous/).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(12);

    await user.click(tab(/^Séries/));
    expect(tab(/^Séries/).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tabpanel').textContent).toBe(m.emptyStreaks);
    // Arrow keys move between tabs.
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Social/).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab(/^Social/));
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(12);
  });

  it("shows 'Aucune notification' and 'Aucune notification sociale' on an empty list", async () => {
    mockApi({ 'GET /api/notifications': { body: listOf([]) } });
    const user = renderBell();
    const dialog = await openPopover(user);
    await waitFor(() => expect(within(dialog).getByRole('tabpanel').textContent).toBe(m.emptyAll));
    await user.click(within(dialog).getByRole('tab', { name: /^Social/ }));
    expect(within(dialog).getByRole('tabpanel').textContent).toBe(m.emptySocial);
    expect(within(dialog).getByRole('button', { name: m.markAllRead })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('marks one as read at once, and the count never goes below 0', async () => {
    const [first, second] = [aNotification(), aNotification({ type: 'streak_kept', actor: null })];
    let answer: (value: { body: unknown }) => void = () => {};
    const fetchMock = mockApi({
      // The server counted one unread only (the other was read in a tab we did not hear).
      'GET /api/notifications': {
        body: listOf([first, second] as Notification[], { all: 1, streaks: 0, social: 1 }),
      },
      [`POST /api/notifications/${first?.id}/read`]: () =>
        new Promise((resolve) => (answer = resolve)) as never,
      [`POST /api/notifications/${second?.id}/read`]: {
        body: { unread: { all: 0, streaks: 0, social: 0 } },
      },
    });
    const user = renderBell();
    const dialog = await openPopover(user);
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2));

    const [button] = within(dialog).getAllByRole('button', { name: m.markRead });
    await user.click(button as HTMLElement);
    // At once, before the server answers.
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(within(dialog).getAllByRole('button', { name: m.markRead })).toHaveLength(1);
    await act(async () => answer({ body: { unread: { all: 0, streaks: 0, social: 0 } } }));

    await user.click(within(dialog).getByRole('button', { name: m.markRead }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(within(dialog).getByRole('tab', { name: /^Tous/ }).textContent).toBe('Tous');
    expect(within(dialog).queryAllByRole('button', { name: m.markRead })).toHaveLength(0);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2);
  });

  it('puts an item back as unread when the server refuses, silently', async () => {
    const one = aNotification();
    mockApi({
      'GET /api/notifications': { body: listOf([one]) },
      [`POST /api/notifications/${one.id}/read`]: apiError(404, 'NOT_FOUND', m.notFound),
    });
    const user = renderBell();
    const dialog = await openPopover(user);
    await user.click(await within(dialog).findByRole('button', { name: m.markRead }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 non lue'));
    expect(within(dialog).getByRole('button', { name: m.markRead })).toBeTruthy();
    expect(screen.queryByText(m.notFound)).toBeNull();
  });

  it('marks everything as read at once', async () => {
    const fetchMock = mockApi({
      'GET /api/notifications': {
        body: listOf([aNotification(), aNotification({ type: 'streak_lost', actor: null })]),
      },
      'POST /api/notifications/read-all': pending(),
    });
    const user = renderBell();
    const dialog = await openPopover(user);
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 non lues'),
    );
    await user.click(within(dialog).getByRole('button', { name: m.markAllRead }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(within(dialog).queryAllByRole('button', { name: m.markRead })).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/notifications/read-all',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('closes on Escape, giving the focus back to the bell, and on a click outside', async () => {
    mockApi({ 'GET /api/notifications': { body: listOf([]) } });
    const user = renderBell();
    await openPopover(user);
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());

    await openPopover(user);
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts a live notification on top, raises the counts and shows the toast', async () => {
    mockApi({
      'GET /api/notifications': {
        body: listOf([aNotification({ readAt: '2026-01-01T00:00:00.000Z' })]),
      },
    });
    const user = renderBell();
    const dialog = await openPopover(user);
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));

    const fresh = aNotification({ type: 'booky_received', book });
    act(() => liveHub.emit('notification', fresh, '101'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 non lue'));
    const first = within(dialog).getAllByRole('listitem')[0];
    expect(first?.textContent).toContain("Benoît t'a donné un Booky pour «\u00a0Bel-Ami\u00a0»");
    expect(within(dialog).getByRole('tab', { name: /^Social/ }).textContent).toBe(
      'Social, 1 non lue1',
    );
    expect(await screen.findByText(m.toast)).toBeTruthy();

    // The same notification again (under another event id) changes nothing.
    act(() => liveHub.emit('notification', fresh, '102'));
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 non lue');
  });

  it('reads here what another tab read', async () => {
    const [a, b, c] = [
      aNotification(),
      aNotification(),
      aNotification({ type: 'streak_nudge', actor: null }),
    ];
    mockApi({ 'GET /api/notifications': { body: listOf([a, b, c] as Notification[]) } });
    renderBell();
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 non lues'),
    );
    act(() => liveHub.emit('notifications.read', { ids: [a?.id] }, '201'));
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 non lues'),
    );
    act(() => liveHub.emit('notifications.read', { all: true }, '202'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
  });
});
