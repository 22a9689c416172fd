import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, circleDay } from '../../domain/circles';
import type {
  CircleMember,
  CirclePage as CirclePageData,
  InvitationPreview,
} from '../../domain/circles.schemas';
import { circleMessages as m } from '../../domain/messages/circles';
import { notificationAction, notificationText } from '../features/notifications/notification-text';
import { queryClient } from '../lib/query-client';
import { setSignedIn, setSignedOut } from '../lib/session-store';
import { aBook } from '../test/catalogue-fixtures';
import { apiError, mockApi } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { CirclePage } from './circle';
import { JoinCirclePage } from './join-circle';
import { ReadingListPage } from './reading-list';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const asIs = { normalizer: (text: string) => text };
const me = aSessionUser();
const circleId = '3c1e2f3a-0000-4000-8000-000000000001';
const code = 'AbCdEfGhIjKlMnOpQrStUv';
const today = circleDay(new Date());
const book = aBook({ title: 'Le Grand Meaulnes', expectedSegments: 3, totalPages: 90 });
const ana = { id: '6f1c2b9e-0000-4000-8000-000000000002', username: 'Ana', avatarUrl: null };

function aMember(overrides: Partial<CircleMember> = {}): CircleMember {
  return {
    reader: ana,
    isCreator: false,
    joinedAt: '2026-11-28T08:00:00.000Z',
    validated: 0,
    standing: 'on_track',
    ...overrides,
  };
}

function aCircle(overrides: Partial<CirclePageData['circle']> = {}): CirclePageData {
  const start = addDays(today, -10);
  return {
    circle: {
      id: circleId,
      name: 'Les lecteurs du jeudi',
      startDay: start,
      paceDays: 7,
      closedAt: null,
      memberCount: 2,
      maxMembers: 50,
      creator: ana,
      isCreator: false,
      inviteCode: null,
      ...overrides,
    },
    book,
    today,
    overdue: 1,
    schedule: [
      { segment: 1, dueDay: addDays(start, 7), pages: { from: 1, to: 30 } },
      { segment: 2, dueDay: addDays(start, 14), pages: { from: 31, to: 60 } },
      { segment: 3, dueDay: addDays(start, 21), pages: { from: 61, to: 90 } },
    ],
    members: [
      aMember({ isCreator: true, validated: 2, standing: 'ahead' }),
      aMember({ reader: { id: me.id, username: 'Léa', avatarUrl: null }, standing: 'behind' }),
    ],
    me: { validated: 0, standing: 'behind', emailReminders: false },
  };
}

const CIRCLE = `GET /api/circles/${circleId}`;

/** The circle's segment discussions (the discussions feature's list on its page). */
const circleDiscussions = {
  [`GET /api/books/${book.slug}/discussions?circle=${circleId}`]: {
    body: {
      book: { id: book.id, slug: book.slug, title: book.title },
      segments: [
        { segment: 1, from: 1, to: 30, open: true, readers: 2, posts: 4 },
        { segment: 2, from: 31, to: 60, open: false, readers: 0, posts: null },
        { segment: 3, from: 61, to: 90, open: false, readers: 0, posts: null },
      ],
      salonOpen: false,
    },
  },
};

function renderCircle(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ ...circleDiscussions, ...routes });
  setSignedIn(me);
  renderScreen(<CirclePage />, { path: '/cercles/:id', at: `/cercles/${circleId}` });
  return { user: userEvent.setup(), fetchMock };
}

describe('/cercles/{id}', () => {
  it('shows the schedule with my marks, the members with their standing, my reminder setting', async () => {
    renderCircle({ [CIRCLE]: { body: aCircle() } });
    expect(
      await screen.findByRole('heading', { name: 'Les lecteurs du jeudi', level: 1 }),
    ).toBeTruthy();
    const schedule = screen.getByRole('region', { name: m.scheduleTitle });
    const rows = within(schedule).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Segment 1');
    expect(rows[0]?.textContent).toContain('pages 1 à 30');
    expect(rows[0]?.textContent).toContain(m.scheduleLate);
    expect(rows[1]?.textContent).toContain(m.scheduleComing);
    const members = screen.getByRole('region', { name: m.membersTitle });
    const [first, second] = within(members).getAllByRole('listitem');
    expect(first?.textContent).toContain('Ana');
    expect(first?.textContent).toContain(m.creatorSuffix);
    expect(first?.textContent).toContain('en avance');
    expect(second?.textContent).toContain('Léa (toi)');
    expect(second?.textContent).toContain('en retard');
    // Not the creator: no removal, no invitations, « Quitter le cercle ».
    expect(screen.queryByRole('button', { name: /Retirer/ })).toBeNull();
    expect(screen.queryByRole('region', { name: m.inviteTitle })).toBeNull();
    expect(screen.getByRole('button', { name: m.leave })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: m.emailReminders })).toBeTruthy();
    // The segment discussions restricted to the circle: segment 1 is read, its link has the circle.
    const talk = await screen.findByRole('link', { name: /Discussion des pages 1 à 30/ });
    expect(talk.getAttribute('href')).toBe(`/books/${book.slug}/discussions/1?cercle=${circleId}`);
    expect(talk.closest('[data-slot="circle-discussions"]')).toBeTruthy();
  });

  it('says the server’s French refusal to a reader who is not a member', async () => {
    renderCircle({ [CIRCLE]: apiError(404, 'NOT_FOUND', m.notFound) });
    expect(await screen.findByText(m.notFound)).toBeTruthy();
    expect(screen.getByRole('heading', { name: m.loadFailed })).toBeTruthy();
  });

  it('leaves after a confirmation, then goes back to the reading list', async () => {
    const { user, fetchMock } = renderCircle({
      [CIRCLE]: { body: aCircle() },
      [`DELETE /api/circles/${circleId}/membership`]: {
        body: { message: 'Tu as quitté le cercle.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: m.leave }));
    const dialog = await screen.findByRole('dialog', { name: m.leaveTitle });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: m.leave }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/reading-list'));
    expect(await screen.findByText('Tu as quitté le cercle.')).toBeTruthy();
  });

  it('lets the creator remove a member after a confirmation, and shows the link to share', async () => {
    const page = aCircle({ isCreator: true, inviteCode: code, creator: me });
    page.members = [
      aMember({ reader: { id: me.id, username: 'Léa', avatarUrl: null }, isCreator: true }),
      aMember(),
    ];
    const { user, fetchMock } = renderCircle({
      [CIRCLE]: { body: page },
      [`GET /api/profiles/${me.id}/following`]: {
        body: { items: [{ ...ana, followedByMe: true }], total: 1, nextCursor: null },
      },
      [`DELETE /api/circles/${circleId}/members/${ana.id}`]: {
        body: { message: 'Ana a été retiré du cercle.' },
      },
    });
    const invite = await screen.findByRole('region', { name: m.inviteTitle });
    const link = within(invite).getByLabelText(m.inviteLinkLabel) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/cercles/rejoindre/${code}`);
    // Ana is already a member: nobody left to invite.
    expect(await within(invite).findByText(m.inviteNobody)).toBeTruthy();
    expect(screen.getByRole('button', { name: m.close })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retirer Ana du cercle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer Ana\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: m.remove }));
    expect(await screen.findByText('Ana a été retiré du cercle.')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'DELETE' && String(url).endsWith(`/members/${ana.id}`),
      ),
    ).toBe(true);
  });
});

function aPreview(overrides: Partial<InvitationPreview> = {}): InvitationPreview {
  const page = aCircle();
  const { isCreator: _c, inviteCode: _i, ...circle } = page.circle;
  return {
    circle,
    book,
    schedule: page.schedule,
    membership: 'none',
    full: false,
    ...overrides,
  };
}

describe('/cercles/rejoindre/{code}', () => {
  const render = (routes: Parameters<typeof mockApi>[0]) => {
    const fetchMock = mockApi(routes);
    setSignedIn(me);
    renderScreen(<JoinCirclePage />, {
      path: '/cercles/rejoindre/:code',
      at: `/cercles/rejoindre/${code}`,
    });
    return { user: userEvent.setup(), fetchMock };
  };

  it('shows the circle, its book and schedule, then joins and opens the circle', async () => {
    const { user } = render({
      [`GET /api/circle-invitations/${code}`]: { body: aPreview() },
      [`POST /api/circle-invitations/${code}`]: {
        body: { id: circleId, message: 'Bienvenue dans le cercle\u00a0!' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Les lecteurs du jeudi' })).toBeTruthy();
    expect(
      screen.getByText('Ana t’invite à lire «\u00a0Le Grand Meaulnes\u00a0» ensemble.', asIs),
    ).toBeTruthy();
    expect(screen.getByText(m.joinPrivacy)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: m.scheduleTitle })).getAllByRole('listitem'),
    ).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: m.join }));
    await waitFor(() =>
      expect(screen.getByTestId('path').textContent).toBe(`/cercles/${circleId}`),
    );
  });

  it('says why one cannot join a full or closed circle, with no button', async () => {
    render({ [`GET /api/circle-invitations/${code}`]: { body: aPreview({ full: true }) } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', m.full);
    expect(screen.queryByRole('button', { name: m.join })).toBeNull();
  });

  it('says a link that opens nothing in French', async () => {
    render({
      [`GET /api/circle-invitations/${code}`]: apiError(404, 'NOT_FOUND', m.inviteUnknown),
    });
    expect(await screen.findByText(m.inviteUnknown)).toBeTruthy();
  });

  it('sends a visitor to sign in, who comes back here', async () => {
    mockApi({});
    setSignedOut();
    renderScreen(<JoinCirclePage />, {
      path: '/cercles/rejoindre/:code',
      at: `/cercles/rejoindre/${code}`,
    });
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/auth'));
    expect(screen.getByTestId('search').textContent).toBe(
      `?${new URLSearchParams({ next: `/cercles/rejoindre/${code}` })}`,
    );
  });
});

describe('my circles, under the reading list', () => {
  it('lists each circle with its book, where I stand and the next segment due', async () => {
    const page = aCircle();
    mockApi({
      'GET /api/reading-list': { body: { items: [] } },
      'GET /api/circles': {
        body: {
          items: [
            {
              ...page.circle,
              book,
              isCreator: false,
              validated: 0,
              standing: 'behind',
              nextDue: { segment: 2, dueDay: '2026-12-15' },
            },
          ],
        },
      },
    });
    setSignedIn(me);
    renderScreen(<ReadingListPage />, { path: '/reading-list' });
    const section = await screen.findByRole('region', { name: m.myCirclesTitle });
    const link = within(section).getByRole('link', { name: 'Les lecteurs du jeudi' });
    expect(link.getAttribute('href')).toBe(`/cercles/${circleId}`);
    expect(section.textContent).toContain('2 membres');
    expect(section.textContent).toContain('Segment 2 pour le 15 décembre 2026');
    expect(section.textContent).toContain('en retard');
  });
});

describe('the circles’ notifications', () => {
  const notification = (
    type: 'circle_invitation' | 'circle_reminder',
    meta: Record<string, unknown>,
  ) => ({
    id: 'n1',
    type,
    actor: null,
    book: null,
    meta,
    readAt: null,
    createdAt: '2026-11-28T08:00:00.000Z',
  });

  it('say their text and lead to the join page or the circle', () => {
    const invitation = notification('circle_invitation', { code, msg: 'Ana t’invite.' });
    expect(notificationText(invitation)).toBe('Ana t’invite.');
    expect(notificationAction(invitation)).toEqual({
      label: 'Voir l’invitation',
      to: `/cercles/rejoindre/${code}`,
    });
    const reply = {
      ...notification('circle_reminder', { segment: 1, from: 1, to: 30, circleId }),
      type: 'discussion_reply' as const,
      book: { id: book.id, title: book.title, slug: book.slug },
    };
    expect(notificationAction(reply)?.to).toBe(
      `/books/${book.slug}/discussions/1?cercle=${circleId}`,
    );
    const reminder = notification('circle_reminder', { circleId });
    expect(notificationText(reminder)).toBe('Ton cercle de lecture t’attend.');
    expect(notificationAction(reminder)).toEqual({
      label: 'Voir le cercle',
      to: `/cercles/${circleId}`,
    });
  });
});
