import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initials } from '../../domain/accounts';
import { queryClient } from '../lib/query-client';
import { getSession, setSignedIn } from '../lib/session-store';
import { aBook } from '../test/catalogue-fixtures';
import { anEarnedBadge, aProfilePage, aReader, someStats } from '../test/community-fixtures';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { ProfilePage } from './profile';

const me = aSessionUser({ email: 'lea.martin@exemple.fr', username: null });
const myFallbackName = `Lecteur ${me.id.slice(0, 4)}`;
const otherId = '0b7a4c6e-1111-4000-8000-000000000002';
const myPage = `GET /api/profiles/${me.id}`;
const otherPage = `GET /api/profiles/${otherId}`;
type PageOptions = Partial<Parameters<typeof aProfilePage>[0]>;
const mine = (overrides: PageOptions = {}) =>
  aProfilePage({ id: me.id, owner: true, email: me.email, ...overrides });
const paul = (overrides: PageOptions = {}) =>
  aProfilePage({ id: otherId, owner: false, username: 'Paul Durand', ...overrides });

/** Parts of the profile that load on their own: the yearly goal, the friend streaks. */
const ownRequest = (url: string) =>
  url.startsWith('/api/me/goals') || /^\/api\/readers\/[^/]+\/friends$/.test(url);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderProfile(
  at = '/profile',
  path = at === '/profile' ? '/profile' : '/profile/:userId',
) {
  setSignedIn(me);
  renderScreen(<ProfilePage />, { path, at });
  return userEvent.setup();
}

/** A reply the test sends when it chooses, to look at what is shown meanwhile. */
function later() {
  let send: (reply: { status?: number; body?: unknown }) => void = () => {};
  const promise = new Promise<{ status?: number; body?: unknown }>((resolve) => {
    send = resolve;
  });
  return { reply: () => promise as unknown as Promise<never>, send };
}

describe('owner profile', () => {
  it("shows 'Chargement du profil...' while it loads", () => {
    mockApi({ [myPage]: pending() });
    renderProfile();
    expect(screen.getByRole('status').textContent).toBe('Chargement du profil...');
  });

  it('shows the initials, the display name, the e-mail and the counts, and offers to add a name', async () => {
    mockApi({ [myPage]: { body: mine({ counts: { followers: 3, following: 12 } }) } });
    renderProfile();
    const heading = await screen.findByRole('heading', { level: 1 });
    // The name others see too (never the e-mail's start): one display rule for every viewer.
    expect(heading.textContent).toBe(myFallbackName);
    expect(screen.getByText('lea.martin@exemple.fr')).toBeTruthy();
    expect(screen.getByText(initials(myFallbackName))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter un nom' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abonnés (3)' }).getAttribute('href')).toBe(
      `/followers/followers/${me.id}`,
    );
    expect(screen.getByRole('link', { name: 'Abonnements (12)' }).getAttribute('href')).toBe(
      `/followers/following/${me.id}`,
    );
    expect(screen.getByRole('link', { name: 'Supprimer mon compte' }).getAttribute('href')).toBe(
      '/settings/delete-account',
    );
    expect(screen.queryByRole('button', { name: "S'abonner" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bloquer' })).toBeNull();
  });

  it('shows the four tiles, with minutes under one hour', async () => {
    mockApi({
      [myPage]: {
        body: mine({
          stats: someStats({
            booksRead: 2,
            segmentsValidated: 14,
            readingMinutes: 45,
            pagesRead: 1234,
          }),
        }),
      },
    });
    renderProfile();
    await screen.findByRole('heading', { level: 1 });
    const tile = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
    expect(tile('Livres terminés')).toBe('2');
    expect(tile('Validations')).toBe('14');
    expect(tile('Temps de lecture')).toBe('45\u00a0min');
    expect(tile('Pages lues')).toBe('1\u202f234');
  });

  it('shows whole hours from one hour on', async () => {
    mockApi({ [myPage]: { body: mine({ stats: someStats({ readingMinutes: 125 }) }) } });
    renderProfile();
    await screen.findByRole('heading', { level: 1 });
    const tile = screen.getByText('Temps de lecture', { selector: 'dt' }).parentElement;
    // The same text as the achievements page's tile (domain/rewards readingTimeLabel).
    expect(tile?.querySelector('dd')?.textContent).toBe('2\u00a0h');
  });

  it('refuses a name under 3 or over 50 characters with the spec messages', async () => {
    const fetchMock = mockApi({ [myPage]: { body: mine() } });
    const user = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un nom' }));
    const field = screen.getByLabelText('Nom de profil');
    await user.type(field, 'Lé');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Le nom doit contenir au moins 3 caractères')).toBeTruthy();
    await user.type(field, 'a'.repeat(49));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Le nom est trop long')).toBeTruthy();
    // The owner's yearly goal (insights) is its own request.
    expect(fetchMock.mock.calls.filter(([url]) => !ownRequest(String(url)))).toHaveLength(1);
  });

  it('saves the name, says so, shows it in the profile and the session, then reloads', async () => {
    const renamed = { ...me, username: 'Léa Martin' };
    let username: string | null = null;
    const fetchMock = mockApi({
      [myPage]: () => ({ body: mine({ username }) }),
      'PATCH /api/profiles/me': ({ body }) => {
        username = (body as { username: string }).username;
        return { body: renamed };
      },
    });
    const user = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un nom' }));
    await user.type(screen.getByLabelText('Nom de profil'), '  Léa Martin ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Nom de profil enregistré')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Martin' })).toBeTruthy();
    expect(screen.queryByLabelText('Nom de profil')).toBeNull();
    expect(getSession()).toEqual({ status: 'signed-in', user: renamed });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === `/api/profiles/${me.id}`)).toHaveLength(
        2,
      ),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ username: 'Léa Martin' });
  });

  it("shows the server's refusal in a toast and keeps the editor open", async () => {
    mockApi({
      [myPage]: { body: mine() },
      'PATCH /api/profiles/me': apiError(400, 'VALIDATION_ERROR', 'Le nom est trop long'),
    });
    const user = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un nom' }));
    await user.type(screen.getByLabelText('Nom de profil'), 'Léa Martin');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nom est trop long')).toBeTruthy();
    expect(screen.getByLabelText('Nom de profil')).toBeTruthy();
  });

  it("closes the editor on 'Annuler' without saving", async () => {
    const fetchMock = mockApi({ [myPage]: { body: mine() } });
    const user = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un nom' }));
    await user.type(screen.getByLabelText('Nom de profil'), 'Léa');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByLabelText('Nom de profil')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ajouter un nom' })).toBe(document.activeElement);
    // The owner's yearly goal (insights) is its own request.
    expect(fetchMock.mock.calls.filter(([url]) => !ownRequest(String(url)))).toHaveLength(1);
  });

  it("has 'Paramètres' with Déconnexion, the legal pages, the digest e-mail and the blocked readers", async () => {
    const blocked = aReader({ username: 'Marc Petit' });
    const fetchMock = mockApi({
      [myPage]: { body: mine() },
      'GET /api/notifications/preferences': { body: { weeklyDigestEmail: true } },
      'GET /api/blocks': { body: { items: [blocked] } },
      [`DELETE /api/blocks/${blocked.id}`]: { body: { blocked: false } },
    });
    const user = renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Paramètres' }));
    const settings = screen.getByRole('tabpanel', { name: 'Paramètres' });
    expect(within(settings).getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
    expect(
      within(settings)
        .getByRole('link', { name: 'Politique de confidentialité' })
        .getAttribute('href'),
    ).toBe('/legal/privacy');
    expect(
      within(settings).getByRole('link', { name: "Conditions d'utilisation" }).getAttribute('href'),
    ).toBe('/legal/terms');
    const digest = within(settings).getByRole('switch', { name: 'Résumé hebdomadaire par e-mail' });
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('true'));
    const list = await within(settings).findByRole('region', { name: 'Lecteurs bloqués' });
    expect(within(list).getByRole('link', { name: 'Marc Petit' }).getAttribute('href')).toBe(
      `/profile/${blocked.id}`,
    );
    await user.click(within(list).getByRole('button', { name: 'Débloquer' }));
    expect(await screen.findByText('Lecteur débloqué')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/blocks/${blocked.id}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('opens Paramètres from a link with ?onglet=parametres, with « Liseuse KOReader »', async () => {
    mockApi({
      [myPage]: { body: mine() },
      'GET /api/notifications/preferences': { body: { weeklyDigestEmail: false } },
      'GET /api/blocks': { body: { items: [] } },
      'GET /api/kosync': {
        body: { server: 'https://lisons.app/kosync', login: me.email, devices: [], documents: [] },
      },
    });
    renderProfile('/profile?onglet=parametres', '/profile');
    const settings = await screen.findByRole('tabpanel', { name: 'Paramètres' });
    const koreader = await within(settings).findByRole('region', { name: 'Liseuse KOReader' });
    expect(await within(koreader).findByText('https://lisons.app/kosync')).toBeTruthy();
  });

  it("says 'Tu n'as bloqué personne.' when nobody is blocked", async () => {
    mockApi({ [myPage]: { body: mine() }, 'GET /api/blocks': { body: { items: [] } } });
    const user = renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Paramètres' }));
    expect(await screen.findByText("Tu n'as bloqué personne.")).toBeTruthy();
  });

  it("says 'Erreur : Impossible de charger votre profil' when loading fails, and retries", async () => {
    let fail = true;
    mockApi({
      [myPage]: () => (fail ? apiError(502, 'BAD_GATEWAY', 'Indisponible') : { body: mine() }),
    });
    const user = renderProfile();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erreur : Impossible de charger votre profil');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: myFallbackName })).toBeTruthy();
  });

  it('is the owner view at /profile/{own id} too', async () => {
    mockApi({ [myPage]: { body: mine() } });
    renderProfile(`/profile/${me.id}`);
    expect(await screen.findByText('lea.martin@exemple.fr')).toBeTruthy();
  });
});

describe("another reader's profile", () => {
  it('shows their name and counts, without e-mail, tiles, name editing or settings', async () => {
    mockApi({ [otherPage]: { body: paul({ counts: { followers: 3, following: 1 } }) } });
    renderProfile(`/profile/${otherId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paul Durand' })).toBeTruthy();
    expect(screen.getByText('PD')).toBeTruthy();
    expect(screen.queryByText(me.email)).toBeNull();
    expect(screen.queryByText('Temps de lecture')).toBeNull();
    expect(screen.queryByRole('button', { name: /nom/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Supprimer mon compte' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Paramètres' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Abonnés (3)' }).getAttribute('href')).toBe(
      `/followers/followers/${otherId}`,
    );
    expect(screen.getByRole('button', { name: "S'abonner" })).toBeTruthy();
  });

  it("follows at once, says 'Abonné', then keeps the server's count", async () => {
    const answer = later();
    mockApi({
      [otherPage]: () => ({ body: paul({ counts: { followers: 3, following: 1 } }) }),
      [`PUT /api/follows/${otherId}`]: answer.reply,
    });
    const user = renderProfile(`/profile/${otherId}`);
    await user.click(await screen.findByRole('button', { name: "S'abonner" }));
    // Shown before the server answers.
    expect(screen.getByRole('link', { name: 'Abonnés (4)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se désabonner' })).toBeTruthy();
    answer.send({ body: { following: true, followers: 4 } });
    expect(await screen.findByText('Abonné')).toBeTruthy();
  });

  it("unfollows and says 'Désabonné'", async () => {
    let following = true;
    mockApi({
      [otherPage]: () => ({
        body: paul({
          counts: { followers: following ? 3 : 2, following: 1 },
          relation: { following, followsMe: false, blocked: false },
        }),
      }),
      [`DELETE /api/follows/${otherId}`]: () => {
        following = false;
        return { body: { following: false, followers: 2 } };
      },
    });
    const user = renderProfile(`/profile/${otherId}`);
    await user.click(await screen.findByRole('button', { name: 'Se désabonner' }));
    expect(await screen.findByText('Désabonné')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abonnés (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "S'abonner" })).toBeTruthy();
  });

  it("puts everything back and says 'Erreur' when the follow fails", async () => {
    const answer = later();
    let loads = 0;
    mockApi({
      // The reload after the failure never answers: what shows is the client's own revert.
      [otherPage]: () => {
        loads += 1;
        return loads === 1 ? { body: paul({ counts: { followers: 3, following: 1 } }) } : pending();
      },
      [`PUT /api/follows/${otherId}`]: answer.reply,
    });
    const user = renderProfile(`/profile/${otherId}`);
    await user.click(await screen.findByRole('button', { name: "S'abonner" }));
    expect(screen.getByRole('link', { name: 'Abonnés (4)' })).toBeTruthy();
    answer.send(apiError(403, 'BLOCKED', 'Impossible de suivre ce lecteur.'));
    expect(await screen.findByText('Erreur')).toBeTruthy();
    expect(screen.getByText('Impossible de suivre ce lecteur.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abonnés (3)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "S'abonner" })).toBeTruthy();
  });

  it('blocks after a confirmation, then offers to unblock', async () => {
    let blocked = false;
    const fetchMock = mockApi({
      [otherPage]: () => ({
        body: paul({ relation: { following: false, followsMe: false, blocked } }),
      }),
      [`PUT /api/blocks/${otherId}`]: () => {
        blocked = true;
        return { body: { blocked: true } };
      },
    });
    const user = renderProfile(`/profile/${otherId}`);
    await user.click(await screen.findByRole('button', { name: 'Bloquer' }));
    const dialog = screen.getByRole('dialog', { name: 'Bloquer ce lecteur\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Bloquer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Bloquer' }));
    expect(await screen.findByText('Lecteur bloqué')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Débloquer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: "S'abonner" })).toBeNull();
    expect(screen.getByText(/Tu as bloqué ce lecteur/)).toBeTruthy();
  });

  it('shows their photo when they have one', async () => {
    const photo = `/avatars/${'a1'.repeat(10)}-256.webp`;
    const page = paul();
    mockApi({ [otherPage]: { body: { ...page, profile: { ...page.profile, avatarUrl: photo } } } });
    renderProfile(`/profile/${otherId}`);
    await screen.findByRole('heading', { level: 1, name: 'Paul Durand' });
    expect(document.querySelector('header img')?.getAttribute('src')).toBe(photo);
    expect(screen.queryByText('PD')).toBeNull();
  });

  it("names a reader without username 'Lecteur' and the start of their id", async () => {
    mockApi({ [otherPage]: { body: paul({ username: null }) } });
    renderProfile(`/u/${otherId}`, '/u/:userId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lecteur 0b7a' })).toBeTruthy();
  });

  it("says 'Erreur : Impossible de charger le profil public', and why", async () => {
    mockApi({ [otherPage]: apiError(404, 'NOT_FOUND', "Ce lecteur n'existe pas.") });
    renderProfile(`/profile/${otherId}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erreur : Impossible de charger le profil public');
    expect(alert.textContent).toContain("Ce lecteur n'existe pas.");
  });
});

describe('profile tabs', () => {
  const reading = aBook({ title: 'Candide', author: 'Voltaire' });
  const finished = [aBook({ title: 'Zadig' }), aBook({ title: 'Micromégas' })];
  const full = () =>
    mine({
      inProgress: [{ book: reading, progressPercent: 42 }],
      finished: { count: 5, books: finished },
      badges: [anEarnedBadge('serie-7-jours'), anEarnedBadge('premier-livre')],
    });

  it("opens on 'Vue d'ensemble': books in progress and recent badges", async () => {
    mockApi({ [myPage]: { body: full() } });
    renderProfile();
    const panel = await screen.findByRole('tabpanel', { name: "Vue d'ensemble" });
    const current = within(panel).getByRole('region', { name: 'Lecture en cours' });
    expect(within(current).getByRole('link', { name: 'Candide' }).getAttribute('href')).toBe(
      `/books/${reading.slug}`,
    );
    expect(within(current).getByText('Voltaire')).toBeTruthy();
    expect(within(current).getByText('42 % terminé')).toBeTruthy();
    expect(within(current).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    const recent = within(panel).getByRole('region', { name: 'Badges récents' });
    expect(
      within(recent)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Série de 7 jours', 'Premier livre']);
    expect(within(recent).getByRole('link', { name: 'Voir tout' }).getAttribute('href')).toBe(
      '/achievements',
    );
  });

  it('shows neither section when there is nothing to show', async () => {
    mockApi({ [myPage]: { body: mine() } });
    renderProfile();
    const panel = await screen.findByRole('tabpanel', { name: "Vue d'ensemble" });
    expect(within(panel).queryByRole('region')).toBeNull();
    expect(within(panel).getByText("Rien à montrer pour l'instant.")).toBeTruthy();
  });

  it('moves between tabs with the arrow keys, Home and End, one tab in the Tab order', async () => {
    mockApi({ [myPage]: { body: full() } });
    const user = renderProfile();
    const overview = await screen.findByRole('tab', { name: "Vue d'ensemble" });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Vue d'ensemble",
      'Livres',
      'Badges',
      'Paramètres',
    ]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    overview.focus();

    await user.keyboard('{ArrowRight}');
    const books = screen.getByRole('tab', { name: 'Livres' });
    expect(document.activeElement).toBe(books);
    expect(books.getAttribute('aria-selected')).toBe('true');
    expect(overview.getAttribute('aria-selected')).toBe('false');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Livres' })).toBeTruthy();

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Paramètres' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(overview);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Paramètres' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(overview);
    expect(screen.getByRole('tabpanel', { name: "Vue d'ensemble" })).toBeTruthy();
  });

  it("'Livres' lists the finished books, each linking to its page", async () => {
    mockApi({ [myPage]: { body: full() } });
    const user = renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Livres' }));
    const panel = screen.getByRole('tabpanel', { name: 'Livres' });
    expect(within(panel).getByRole('heading', { name: 'Livres terminés (5)' })).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(finished.map((book) => `/books/${book.slug}`));
  });

  it("'Livres' and 'Badges' say when they are empty", async () => {
    mockApi({ [otherPage]: { body: paul() } });
    const user = renderProfile(`/profile/${otherId}`);
    await user.click(await screen.findByRole('tab', { name: 'Livres' }));
    expect(screen.getByText('Livres terminés (0)')).toBeTruthy();
    expect(screen.getByText('Aucun livre terminé pour le moment')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Badges' }));
    expect(screen.getByText('Tous les badges (0)')).toBeTruthy();
    expect(screen.getByText('Aucun badge obtenu pour le moment')).toBeTruthy();
  });

  it("'Badges' shows each badge's name and description; a visitor's 'Voir tout' opens it", async () => {
    mockApi({
      [otherPage]: { body: paul({ badges: [anEarnedBadge('premier-livre')] }) },
    });
    const user = renderProfile(`/profile/${otherId}`);
    await user.click(await screen.findByRole('button', { name: 'Voir tout' }));
    const panel = screen.getByRole('tabpanel', { name: 'Badges' });
    expect(within(panel).getByRole('heading', { name: 'Tous les badges (1)' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Premier livre' })).toBeTruthy();
    expect(within(panel).getByText('Tu as terminé ton premier livre.')).toBeTruthy();
  });
});
