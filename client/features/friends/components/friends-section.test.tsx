import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FriendsOverview, ReaderFriends } from '../../../../domain/friends.schemas';
import { friendsMessages as m } from '../../../../domain/messages/friends';
import { queryClient } from '../../../lib/query-client';
import { setSignedIn } from '../../../lib/session-store';
import { apiError, mockApi, pending } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { FriendsSection } from './friends-section';
import { FriendActions, ProfileFriendStreaks } from './profile-friends';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const bob = { id: 'b0b00000-0000-4000-8000-000000000001', username: 'Bob', avatarUrl: null };
const cleo = { id: 'c1e00000-0000-4000-8000-000000000002', username: 'Cléo', avatarUrl: null };

const empty: FriendsOverview = {
  today: '2026-11-28',
  maxStreaks: 5,
  used: 0,
  streaks: [],
  received: [],
  sent: [],
  quest: { week: '2026-11-23', target: 6, xp: 50, active: null, received: [], sent: [] },
};

const withBob: FriendsOverview = {
  ...empty,
  used: 1,
  streaks: [
    {
      id: 'f0000000-0000-4000-8000-000000000001',
      partner: bob,
      current: 3,
      best: 8,
      freezes: 1,
      startedOn: '2026-11-20',
      meReadToday: true,
      partnerReadToday: false,
      nudgedToday: false,
      canNudge: true,
    },
  ],
  received: [{ id: 'f0000000-0000-4000-8000-000000000002', reader: cleo, createdAt: '' }],
  quest: {
    ...empty.quest,
    active: {
      id: 'q0000000-0000-4000-8000-000000000001',
      partner: bob,
      done: 4,
      target: 6,
      xp: 50,
      completedAt: null,
    },
  },
};

function show(ui: React.ReactNode) {
  setSignedIn(aSessionUser());
  renderScreen(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, {
    path: '/achievements',
  });
  return userEvent.setup();
}

describe('FriendsSection', () => {
  it('says it is loading, then that there is no friend streak yet and how to start one', async () => {
    let answer: (value: { body: FriendsOverview }) => void = () => {};
    mockApi({
      'GET /api/me/friends': new Promise((resolve) => {
        answer = resolve;
      }),
    });
    show(<FriendsSection />);
    expect(screen.getByRole('status').textContent).toContain(m.loading);
    answer({ body: empty });
    expect(await screen.findByText(m.streaksEmpty)).toBeTruthy();
    expect(screen.getByText(m.questNone)).toBeTruthy();
    expect(screen.getByText('Encore 5 séries possibles sur 5')).toBeTruthy();
  });

  it('shows a streak, an invitation and the quest, and nudges the friend who has not read', async () => {
    const fetchMock = mockApi({
      'GET /api/me/friends': { body: withBob },
      'POST /api/friend-streaks/f0000000-0000-4000-8000-000000000001/nudge': {
        body: { nudgedOn: '2026-11-28' },
      },
    });
    const user = show(<FriendsSection />);
    const card = (await screen.findByRole('list', { name: m.streaksTitle })).querySelector(
      '[data-friend-streak]',
    ) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Bob' })).toBeTruthy();
    expect(within(card).getByText('3 jours')).toBeTruthy();
    expect(card.textContent).toContain('Record\u00a0: 8 jours');
    expect(within(card).getByText('1 protection')).toBeTruthy();
    expect(within(card).getByText('Tu as lu aujourd’hui, Bob pas encore')).toBeTruthy();
    expect(screen.getByText('Cléo te propose une série entre amis')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Accepter\u00a0: Cléo te propose une série entre amis' }),
    ).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: m.questProgressLabel });
    expect(progress.getAttribute('aria-valuenow')).toBe('67');
    expect(screen.getByText('4 segments sur 6')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Relancer Bob' }));
    expect(await screen.findByText('Relance envoyée à Bob')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it("says the server's French refusal of a nudge", async () => {
    mockApi({
      'GET /api/me/friends': { body: withBob },
      'POST /api/friend-streaks/f0000000-0000-4000-8000-000000000001/nudge': apiError(
        409,
        'CONFLICT',
        m.nudgeAlreadySent,
      ),
    });
    const user = show(<FriendsSection />);
    await user.click(await screen.findByRole('button', { name: 'Relancer Bob' }));
    expect(await screen.findByText(m.nudgeAlreadySent)).toBeTruthy();
  });

  it('says when it failed to load, and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/me/friends': () => {
        calls += 1;
        return calls === 1 ? apiError(404, 'NOT_FOUND', 'Introuvable') : { body: empty };
      },
    });
    const user = show(<FriendsSection />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.loadFailed);
    await user.click(within(alert).getByRole('button', { name: m.retry }));
    expect(await screen.findByText(m.streaksEmpty)).toBeTruthy();
  });
});

describe('a profile’s friend streaks', () => {
  const theirs: ReaderFriends = {
    streaks: [{ partner: bob, current: 1 }],
    withMe: { mutual: true, streak: null, quest: null },
  };

  it('lists them with their days, and offers to start one with a reader who follows back', async () => {
    const fetchMock = mockApi({
      [`GET /api/readers/${cleo.id}/friends`]: { body: theirs },
      'POST /api/friend-streaks': ({ body }) => ({
        status: 201,
        body: {
          id: 'f0000000-0000-4000-8000-000000000009',
          status: 'pending',
          ...(body ? {} : {}),
        },
      }),
    });
    const user = show(
      <>
        <FriendActions readerId={cleo.id} />
        <ProfileFriendStreaks readerId={cleo.id} isOwner={false} />
      </>,
    );
    const row = (await screen.findByText('Bob')).closest('li') as HTMLElement;
    expect(within(row).getByText('1 jour')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.startStreak }));
    expect(await screen.findByText(m.streakInvited)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ readerId: cleo.id });
  });

  it('offers nothing to start with a reader who does not follow back, and says why', async () => {
    mockApi({
      [`GET /api/readers/${cleo.id}/friends`]: {
        body: { streaks: [], withMe: { mutual: false, streak: null, quest: null } },
      },
    });
    show(
      <>
        <FriendActions readerId={cleo.id} />
        <ProfileFriendStreaks readerId={cleo.id} isOwner={false} />
      </>,
    );
    expect(await screen.findByText(m.mutualHint)).toBeTruthy();
    expect(screen.getByText(m.profileStreaksEmpty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.startStreak })).toBeNull();
  });

  it('shows a loading line while it waits', async () => {
    mockApi({ [`GET /api/readers/${cleo.id}/friends`]: pending() });
    show(<ProfileFriendStreaks readerId={cleo.id} isOwner />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(m.loading));
    expect(screen.getByRole('link', { name: m.seeFriends }).getAttribute('href')).toBe(
      '/achievements#series-entre-amis',
    );
  });
});
