import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { getSession, setSignedIn } from '../lib/session-store';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { ProfilePage } from './profile';

const me = aSessionUser({ email: 'lea.martin@exemple.fr', username: null });
const otherId = '0b7a4c6e-1111-4000-8000-000000000002';

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

describe('owner profile', () => {
  it("shows 'Chargement du profil...' while it loads", () => {
    mockApi({ 'GET /api/profiles/me': pending() });
    renderProfile();
    expect(screen.getByRole('status').textContent).toBe('Chargement du profil...');
  });

  it('shows the initials, the display name and the e-mail, and offers to add a name', async () => {
    mockApi({ 'GET /api/profiles/me': { body: me } });
    renderProfile();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('lea.mart…');
    expect(screen.getByText('lea.martin@exemple.fr')).toBeTruthy();
    expect(screen.getByText('L')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter un nom' })).toBeTruthy();
  });

  it("says 'Modifier mon nom' once the reader has one", async () => {
    mockApi({ 'GET /api/profiles/me': { body: { ...me, username: 'Léa Martin' } } });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Martin' })).toBeTruthy();
    expect(screen.getByText('LM')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modifier mon nom' })).toBeTruthy();
  });

  it('refuses a name under 3 or over 50 characters with the spec messages', async () => {
    const fetchMock = mockApi({ 'GET /api/profiles/me': { body: me } });
    const user = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un nom' }));
    const field = screen.getByLabelText('Nom de profil');
    await user.type(field, 'Lé');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Le nom doit contenir au moins 3 caractères')).toBeTruthy();
    await user.type(field, 'a'.repeat(49));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Le nom est trop long')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('saves the name, says so, and shows it in the profile and the session', async () => {
    const renamed = { ...me, username: 'Léa Martin' };
    let stored = me;
    const fetchMock = mockApi({
      'GET /api/profiles/me': () => ({ body: stored }),
      'PATCH /api/profiles/me': ({ body }) => {
        stored = { ...me, ...(body as object) };
        return { body: stored };
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
    // The profile is reloaded after the save (docs/architecture.md#profiles).
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/profiles/me')).toHaveLength(3),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ username: 'Léa Martin' });
  });

  it("shows the server's refusal in a toast and keeps the editor open", async () => {
    mockApi({
      'GET /api/profiles/me': { body: me },
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
    const fetchMock = mockApi({ 'GET /api/profiles/me': { body: me } });
    const user = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un nom' }));
    await user.type(screen.getByLabelText('Nom de profil'), 'Léa');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByLabelText('Nom de profil')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ajouter un nom' })).toBe(document.activeElement);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("has 'Paramètres' with Déconnexion and the legal pages", async () => {
    mockApi({ 'GET /api/profiles/me': { body: me } });
    renderProfile();
    const settings = await screen.findByRole('region', { name: 'Paramètres' });
    expect(within(settings).getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
    expect(
      within(settings)
        .getByRole('link', { name: 'Politique de confidentialité' })
        .getAttribute('href'),
    ).toBe('/legal/privacy');
    expect(
      within(settings).getByRole('link', { name: "Conditions d'utilisation" }).getAttribute('href'),
    ).toBe('/legal/terms');
  });

  it("says 'Erreur : Impossible de charger votre profil' when loading fails", async () => {
    mockApi({ 'GET /api/profiles/me': apiError(401, 'AUTH_REQUIRED', 'Connecte-toi') });
    renderProfile();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Erreur : Impossible de charger votre profil',
    );
  });

  it('is the owner view at /profile/{own id} too', async () => {
    mockApi({ 'GET /api/profiles/me': { body: me } });
    renderProfile(`/profile/${me.id}`);
    expect(await screen.findByText('lea.martin@exemple.fr')).toBeTruthy();
  });
});

describe('public profile', () => {
  it("shows another reader's name, without e-mail, name editing or settings", async () => {
    mockApi({
      [`GET /api/profiles/${otherId}`]: {
        body: { id: otherId, username: 'Paul Durand', avatarUrl: null, createdAt: me.createdAt },
      },
    });
    renderProfile(`/profile/${otherId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paul Durand' })).toBeTruthy();
    expect(screen.getByText('PD')).toBeTruthy();
    expect(screen.queryByText(me.email)).toBeNull();
    expect(screen.queryByRole('button', { name: /nom/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Paramètres' })).toBeNull();
  });

  it("names a reader without username 'Lecteur' and the start of their id", async () => {
    mockApi({
      [`GET /api/profiles/${otherId}`]: {
        body: { id: otherId, username: null, avatarUrl: null, createdAt: me.createdAt },
      },
    });
    renderProfile(`/u/${otherId}`, '/u/:userId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lecteur 0b7a' })).toBeTruthy();
  });

  it("says 'Erreur : Impossible de charger le profil public', and why", async () => {
    mockApi({
      [`GET /api/profiles/${otherId}`]: apiError(404, 'NOT_FOUND', "Ce lecteur n'existe pas."),
    });
    renderProfile(`/profile/${otherId}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erreur : Impossible de charger le profil public');
    expect(alert.textContent).toContain("Ce lecteur n'existe pas.");
  });
});
