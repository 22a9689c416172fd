import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '../../domain/community.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedIn } from '../lib/session-store';
import { aBadgeActivity, anActivity, aReader, aSuggestion } from '../test/community-fixtures';
import { apiError, mockApi } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { DiscoverPage } from './discover';

const me = aSessionUser({ username: 'Léa Martin' });
const stats = { readers: 1234, followers: 3, following: 5 };

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Routes = Parameters<typeof mockApi>[0];

/** The discover page with a feed of `items`; other answers can be replaced. */
function renderDiscover(items: Activity[], routes: Routes = {}) {
  const fetchMock = mockApi({
    'GET /api/discover/feed': { body: { items, nextCursor: null } },
    'GET /api/discover/readers': { body: { items: [] } },
    'GET /api/discover/stats': { body: stats },
    ...routes,
  });
  setSignedIn(me);
  renderScreen(<DiscoverPage />, { path: '/discover' });
  return { user: userEvent.setup(), fetchMock };
}

const card = (activity: Activity) =>
  document.querySelector<HTMLElement>(`[data-activity="${activity.id}"]`) as HTMLElement;

/** Waits until the feed shows `activity`. */
async function findCard(activity: Activity): Promise<HTMLElement> {
  await waitFor(() => expect(card(activity)).not.toBeNull());
  return card(activity);
}

/** A reply the test sends when it chooses, to look at what is shown meanwhile. */
function later() {
  let send: (reply: { status?: number; body?: unknown }) => void = () => {};
  const promise = new Promise<{ status?: number; body?: unknown }>((resolve) => {
    send = resolve;
  });
  return { reply: () => promise as unknown as Promise<never>, send };
}
const bookyCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/booky'));

describe('discover feed', () => {
  it('shows who finished which book, who earned which badge, when, and the community top-up', async () => {
    const finished = anActivity({ likes: 2 });
    const badge = aBadgeActivity('premier-livre', {
      actor: aReader({
        username: 'Chloé Caron',
        avatarUrl: `/avatars/${'c3'.repeat(10)}-256.webp`,
      }),
      source: 'community',
    });
    renderDiscover([finished, badge]);
    expect(screen.getByRole('heading', { level: 1, name: 'Découvrir des lecteurs' })).toBeTruthy();
    const first = await findCard(finished);
    const feed = screen.getByRole('region', { name: "Fil d'actualité" });
    expect(first.textContent).toContain(
      `Paul Durand a terminé «\u00a0${finished.book?.title}\u00a0»`,
    );
    expect(
      within(first).getByRole('link', { name: finished.book?.title }).getAttribute('href'),
    ).toBe(`/books/${finished.book?.slug}`);
    expect(within(first).getByRole('link', { name: 'Paul Durand' }).getAttribute('href')).toBe(
      `/profile/${finished.actor.id}`,
    );
    expect(within(first).getByText('il y a 1 heure')).toBeTruthy();
    expect(within(first).getByText('2 Bookys')).toBeTruthy();
    expect(within(first).queryByText('Dans la communauté')).toBeNull();

    const second = card(badge);
    expect(second.textContent).toContain(
      'Chloé Caron a obtenu le badge «\u00a0Premier livre\u00a0»',
    );
    expect(within(second).getByText('Dans la communauté')).toBeTruthy();
    expect(second.querySelector('img')?.getAttribute('src')).toBe(
      `/avatars/${'c3'.repeat(10)}-96.webp`,
    );
    expect(first.querySelector('img')).toBeNull();
    expect(within(feed).getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers a Booky on the finished activities of others only', async () => {
    const others = anActivity();
    const own = anActivity({ mine: true, actor: aReader({ username: 'Léa Martin' }), likes: 1 });
    const badge = aBadgeActivity('serie-7-jours');
    renderDiscover([others, own, badge]);
    await findCard(others);
    expect(within(card(others)).getByRole('button', { name: 'Donner un Booky' })).toBeTruthy();
    expect(within(card(own)).queryByRole('button')).toBeNull();
    expect(within(card(own)).getByText('1 Booky')).toBeTruthy();
    expect(within(card(badge)).queryByRole('button')).toBeNull();
    expect(within(card(badge)).queryByText(/Booky/)).toBeNull();
  });

  it('gives and takes back a Booky with the button, shown before the server answers', async () => {
    const activity = anActivity({ likes: 1 });
    const { user, fetchMock } = renderDiscover([activity], {
      [`PUT /api/activities/${activity.id}/booky`]: { body: { likedByMe: true, likes: 2 } },
      [`DELETE /api/activities/${activity.id}/booky`]: { body: { likedByMe: false, likes: 1 } },
    });
    const give = await screen.findByRole('button', { name: 'Donner un Booky' });
    expect(give.getAttribute('aria-pressed')).toBe('false');
    await user.click(give);
    const takeBack = within(card(activity)).getByRole('button', { name: 'Retirer mon Booky' });
    expect(takeBack.getAttribute('aria-pressed')).toBe('true');
    expect(within(card(activity)).getByText('2 Bookys')).toBeTruthy();
    await user.click(takeBack);
    expect(await within(card(activity)).findByText('1 Booky')).toBeTruthy();
    expect(bookyCalls(fetchMock).map(([, init]) => init?.method)).toEqual(['PUT', 'DELETE']);
  });

  it('puts the Booky back silently when the server refuses it', async () => {
    const activity = anActivity({ likes: 4 });
    const answer = later();
    const { user } = renderDiscover([activity], {
      [`PUT /api/activities/${activity.id}/booky`]: answer.reply,
    });
    await user.click(await screen.findByRole('button', { name: 'Donner un Booky' }));
    expect(within(card(activity)).getByText('5 Bookys')).toBeTruthy();
    answer.send(apiError(500, 'INTERNAL', 'Erreur interne'));
    expect(await within(card(activity)).findByText('4 Bookys')).toBeTruthy();
    expect(within(card(activity)).getByRole('button', { name: 'Donner un Booky' })).toBeTruthy();
    expect(screen.queryByText('Erreur')).toBeNull();
    expect(screen.queryByText('Erreur interne')).toBeNull();
  });

  it('gives one Booky for two taps within 300 ms, and never takes it back', async () => {
    const activity = anActivity({ likes: 0 });
    const { fetchMock } = renderDiscover([activity], {
      [`PUT /api/activities/${activity.id}/booky`]: { body: { likedByMe: true, likes: 1 } },
    });
    await findCard(activity);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-12T12:00:00.000Z');
    vi.setSystemTime(start);
    const text = card(activity).querySelector('p') as HTMLElement;
    fireEvent.pointerUp(text, { isPrimary: true });
    vi.setSystemTime(start + 250);
    fireEvent.pointerUp(text, { isPrimary: true });
    expect(await within(card(activity)).findByText('1 Booky')).toBeTruthy();
    await waitFor(() => expect(bookyCalls(fetchMock)).toHaveLength(1));
    expect(
      within(card(activity)).getByRole('button', { name: 'Retirer mon Booky' }).ariaPressed,
    ).toBe('true');

    // Another double tap on a Booky already given changes nothing.
    vi.setSystemTime(start + 2000);
    fireEvent.pointerUp(text, { isPrimary: true });
    vi.setSystemTime(start + 2100);
    fireEvent.pointerUp(text, { isPrimary: true });
    expect(bookyCalls(fetchMock)).toHaveLength(1);
    expect(bookyCalls(fetchMock)[0]?.[1]?.method).toBe('PUT');
  });

  it('gives nothing for two taps 400 ms apart, nor for a double tap on its own activity', async () => {
    const activity = anActivity();
    const own = anActivity({ mine: true });
    const { fetchMock } = renderDiscover([activity, own]);
    await findCard(own);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-12T12:00:00.000Z');
    vi.setSystemTime(start);
    fireEvent.pointerUp(card(activity), { isPrimary: true });
    vi.setSystemTime(start + 400);
    fireEvent.pointerUp(card(activity), { isPrimary: true });
    vi.setSystemTime(start + 1000);
    fireEvent.pointerUp(card(own), { isPrimary: true });
    vi.setSystemTime(start + 1100);
    fireEvent.pointerUp(card(own), { isPrimary: true });
    expect(within(card(activity)).getByText('0 Booky')).toBeTruthy();
    expect(bookyCalls(fetchMock)).toHaveLength(0);
  });

  it("loads the next activities with 'Afficher plus'", async () => {
    const first = anActivity();
    const next = anActivity({ actor: aReader({ username: 'Bruno Blanc' }) });
    renderDiscover([], {
      'GET /api/discover/feed': { body: { items: [first], nextCursor: 'c2' } },
      'GET /api/discover/feed?cursor=c2': { body: { items: [next], nextCursor: null } },
    });
    const more = await screen.findByRole('button', { name: 'Afficher plus' });
    await userEvent.setup().click(more);
    expect(await screen.findByRole('link', { name: 'Bruno Blanc' })).toBe(document.activeElement);
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
  });

  it('says when the feed is empty', async () => {
    renderDiscover([]);
    expect(await screen.findByText(/Rien à afficher pour l'instant/)).toBeTruthy();
  });

  it('says the feed did not load, and retries', async () => {
    let fail = true;
    const { user } = renderDiscover([], {
      'GET /api/discover/feed': () =>
        fail
          ? apiError(502, 'BAD_GATEWAY', 'Indisponible')
          : { body: { items: [anActivity()], nextCursor: null } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Une erreur est survenue lors du chargement des données.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(/a terminé/)).toBeTruthy();
  });
});

describe('readers to discover and statistics', () => {
  it('lists suggested readers with what they read, and follows one', async () => {
    const chloe = aSuggestion({ username: 'Chloé Caron', sharedBooks: 2 });
    const bruno = aSuggestion({ username: 'Bruno Blanc', inProgress: 0, badges: 1, streak: 0 });
    const { user, fetchMock } = renderDiscover([], {
      'GET /api/discover/readers': { body: { items: [chloe, bruno] } },
      [`PUT /api/follows/${chloe.id}`]: { body: { following: true, followers: 1 } },
    });
    const panel = (await screen.findByText('Lecteurs à découvrir')).closest('details');
    expect(panel?.open).toBe(true);
    const row = (await screen.findByRole('link', { name: 'Chloé Caron' })).closest('li');
    if (!row) throw new Error('no row');
    expect(row.textContent).toContain(
      '2 en cours · 3 badges · 5\u00a0j de série · 2 livres en commun',
    );
    expect(
      (await screen.findByRole('link', { name: 'Bruno Blanc' })).closest('li')?.textContent,
    ).toContain('0 en cours · 1 badge · 0\u00a0j de série');
    await user.click(within(row).getByRole('button', { name: "S'abonner" }));
    expect(await screen.findByText('Abonné', { selector: '[data-sonner-toast] *' })).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).getByText('Abonné')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/follows/${chloe.id}`,
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it("says 'Erreur' when a follow fails, and keeps the button", async () => {
    const chloe = aSuggestion({ username: 'Chloé Caron' });
    const { user } = renderDiscover([], {
      'GET /api/discover/readers': { body: { items: [chloe] } },
      [`PUT /api/follows/${chloe.id}`]: apiError(500, 'INTERNAL', 'Erreur interne'),
    });
    const row = (await screen.findByRole('link', { name: 'Chloé Caron' })).closest('li');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: "S'abonner" }));
    expect(await screen.findByText('Erreur')).toBeTruthy();
    expect(within(row).getByRole('button', { name: "S'abonner" })).toBeTruthy();
  });

  it('says when there is nobody to suggest', async () => {
    renderDiscover([]);
    expect(await screen.findByText("Aucun lecteur à te proposer pour l'instant.")).toBeTruthy();
  });

  it("shows 'Lecteurs', 'Abonné·e·s' and 'Abonnements'", async () => {
    renderDiscover([]);
    const card = await screen.findByRole('region', { name: 'Communauté' });
    const figure = (label: string) =>
      within(card).getByText(label).parentElement?.querySelector('dd')?.textContent;
    await waitFor(() => expect(figure('Lecteurs')).toBe('1\u202f234'));
    expect(figure('Abonné·e·s')).toBe('3');
    expect(figure('Abonnements')).toBe('5');
  });
});
