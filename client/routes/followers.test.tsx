import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { aFollowList, aReader } from '../test/community-fixtures';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { FollowersPage } from './followers';

const me = aSessionUser();
const paulId = '0b7a4c6e-1111-4000-8000-000000000002';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderList(at: string, path = at.split('/').length > 3 ? '/followers/:type/:userId' : at) {
  setSignedIn(me);
  // The app's router sends only 'followers' and 'following' here.
  renderScreen(<FollowersPage />, { path, at });
  return userEvent.setup();
}

describe('follow lists', () => {
  it('shows a loading state, then the followers with the total, each linking to a profile', async () => {
    const lea = aReader({ username: 'Léa Martin' });
    const nobody = aReader();
    mockApi({
      [`GET /api/profiles/${paulId}/followers`]: { body: aFollowList([lea, nobody]) },
    });
    renderList(`/followers/followers/${paulId}`);
    expect(screen.getByRole('status').textContent).toContain('Chargement...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abonnés (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Léa Martin' }).getAttribute('href')).toBe(
      `/profile/${lea.id}`,
    );
    expect(
      screen.getByRole('link', { name: `Lecteur ${nobody.id.slice(0, 4)}` }).getAttribute('href'),
    ).toBe(`/profile/${nobody.id}`);
    expect(screen.getByRole('link', { name: 'Retour au profil' }).getAttribute('href')).toBe(
      `/profile/${paulId}`,
    );
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
  });

  it("pages with 'Afficher plus' and the cursor, then focuses the first new reader", async () => {
    const first = [aReader({ username: 'Alice Aubry' }), aReader({ username: 'Bruno Blanc' })];
    const second = [aReader({ username: 'Chloé Caron' })];
    const fetchMock = mockApi({
      [`GET /api/profiles/${paulId}/following`]: {
        body: aFollowList(first, { total: 3, nextCursor: 'page 2' }),
      },
      [`GET /api/profiles/${paulId}/following?cursor=page%202`]: {
        body: aFollowList(second, { total: 3 }),
      },
    });
    const user = renderList(`/followers/following/${paulId}`);
    expect(await screen.findByRole('heading', { name: 'Abonnements (3)' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    const chloe = await screen.findByRole('link', { name: 'Chloé Caron' });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(document.activeElement).toBe(chloe);
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("says 'Impossible de charger les abonnés' when the list fails, and retries", async () => {
    let fail = true;
    mockApi({
      [`GET /api/profiles/${paulId}/followers`]: () =>
        fail ? apiError(404, 'NOT_FOUND', "Ce lecteur n'existe pas.") : { body: aFollowList([]) },
    });
    const user = renderList(`/followers/followers/${paulId}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les abonnés');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText("Personne ne suit ce lecteur pour l'instant.")).toBeTruthy();
  });

  it("says 'Impossible de charger les abonnements' when the next page fails", async () => {
    mockApi({
      [`GET /api/profiles/${paulId}/following`]: {
        body: aFollowList([aReader({ username: 'Alice Aubry' })], { total: 2, nextCursor: 'x' }),
      },
      [`GET /api/profiles/${paulId}/following?cursor=x`]: apiError(400, 'BAD', 'Page invalide.'),
    });
    const user = renderList(`/followers/following/${paulId}`);
    await user.click(await screen.findByRole('button', { name: 'Afficher plus' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Impossible de charger les abonnements',
    );
    expect(screen.getByRole('link', { name: 'Alice Aubry' })).toBeTruthy();
  });

  it("says when a reader follows nobody, and shows the reader's own list without an id", async () => {
    mockApi({ [`GET /api/profiles/${me.id}/following`]: { body: aFollowList([]) } });
    renderList('/followers/following');
    expect(await screen.findByRole('heading', { name: 'Abonnements (0)' })).toBeTruthy();
    expect(screen.getByText("Ce lecteur ne suit personne pour l'instant.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au profil' }).getAttribute('href')).toBe(
      `/profile/${me.id}`,
    );
  });

  it('keeps the title while loading', () => {
    mockApi({ [`GET /api/profiles/${paulId}/followers`]: pending() });
    renderList(`/followers/followers/${paulId}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Abonnés' })).toBeTruthy();
  });
});
