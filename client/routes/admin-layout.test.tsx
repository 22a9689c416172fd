import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSession, setSignedIn } from '../lib/session-store';
import { mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { AdminLayout } from './admin-layout';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAdmin(at = '/admin') {
  renderScreen(<AdminLayout />, { path: '/admin/*', at });
}

describe('the admin gate', () => {
  it('checks while the session loads, showing nothing of the back office', () => {
    resetSession();
    mockApi({ 'GET /api/auth/session': pending() });
    renderAdmin();
    expect(screen.getByRole('status').textContent).toBe('Chargement...');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('refuses a reader who is not an administrator, then sends them to /home', async () => {
    setSignedIn(aSessionUser({ isAdmin: false }));
    renderAdmin('/admin/audit');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Accès refusé');
    expect(alert.textContent).toContain(
      "Vous n'avez pas les droits d'administration nécessaires pour accéder à cette page.",
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/admin/audit');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/home'));
  });

  it('sends a signed-out visitor to sign in first, coming back to the admin page', async () => {
    resetSession();
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderAdmin('/admin');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/auth'));
    expect(screen.getByTestId('search').textContent).toBe('?next=%2Fadmin');
  });

  it("shows an administrator the sections' navigation, the current one marked", () => {
    setSignedIn(aSessionUser({ isAdmin: true }));
    renderAdmin('/admin/book-requests');
    const nav = screen.getByRole('navigation', { name: "Sections de l'administration" });
    const links = [...nav.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Tableau de bord', '/admin'],
      ['Auto-covers', '/admin/auto-covers'],
      ['Audit', '/admin/audit'],
      ['Demandes', '/admin/book-requests'],
      ['Blog', '/admin/blog'],
      ['Journal', '/admin/journal'],
    ]);
    expect(screen.getByRole('link', { name: 'Demandes' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      screen.getByRole('link', { name: 'Tableau de bord' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(screen.queryByText('Accès refusé')).toBeNull();
  });
});
