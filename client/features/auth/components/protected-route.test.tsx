import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSession, setSignedIn, setSignedOut } from '../../../lib/session-store';
import { mockApi, pending } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { aSessionUser } from '../../../test/session-user';
import { ProtectedRoute } from './protected-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderProtected(at = '/profile') {
  renderScreen(
    <ProtectedRoute>
      <h1>Écran privé</h1>
    </ProtectedRoute>,
    { path: '/profile', at },
  );
}

describe('ProtectedRoute', () => {
  it("shows 'Chargement...' while the session loads", () => {
    resetSession();
    mockApi({ 'GET /api/auth/session': pending() });
    renderProtected();
    expect(screen.getByRole('status').textContent).toBe('Chargement...');
    expect(screen.queryByRole('heading', { name: 'Écran privé' })).toBeNull();
  });

  it("shows 'Redirection...' and goes to /auth, carrying this screen, when nobody is signed in", async () => {
    resetSession();
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderProtected('/profile?onglet=badges');
    expect(await screen.findByText('Redirection...')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/auth'));
    // Signing in comes back here (docs/architecture.md#accounts).
    expect(screen.getByTestId('search').textContent).toBe('?next=%2Fprofile%3Fonglet%3Dbadges');
    expect(screen.queryByRole('heading', { name: 'Écran privé' })).toBeNull();
  });

  it('shows the screen to a signed-in reader', () => {
    setSignedIn(aSessionUser());
    renderProtected();
    expect(screen.getByRole('heading', { name: 'Écran privé' })).toBeTruthy();
  });

  it('leaves a reader who signs out here to the sign-out flow (no detour by /auth)', async () => {
    setSignedIn(aSessionUser());
    renderProtected();
    act(() => setSignedOut());
    expect(screen.getByText('Redirection...')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('path').textContent).toBe('/profile');
  });
});
