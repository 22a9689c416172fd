import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession, setSignedIn, setSignedOut } from '../lib/session-store';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { aSessionUser } from '../test/session-user';
import { Header } from './header';
import { AppToaster } from './toaster';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

// The account and mobile menus are lazy chunks: on a busy machine they may take seconds to load.
const menuLoad = { timeout: 5000 };

function renderHeader(path = '/a-propos') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <CurrentPath />
      <AppToaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  // Radix's menu positioning observes sizes, which jsdom does not do.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('Header', () => {
  it('shows the main navigation in the order of the spec, then Premium', () => {
    setSignedOut();
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Accueil',
      'Explorer',
      'Récompenses',
      'Ma liste',
      'Lecteurs',
      'Blog',
      'À propos',
      'Presse',
      'Premium',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/home',
      '/explore',
      '/achievements',
      '/reading-list',
      '/discover',
      '/blog',
      '/a-propos',
      '/presse',
      '/premium',
    ]);
    expect(within(nav).getByRole('link', { name: 'À propos' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('offers a signed-out visitor to sign in, and the logo leads to /home', () => {
    setSignedOut();
    renderHeader('/');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Lisons' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu du compte' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('shows a signed-in reader the bell with their unread count', async () => {
    setSignedIn(aSessionUser());
    const fetchMock = mockApi({
      'GET /api/notifications': {
        body: { items: [], unread: { all: 4, streaks: 1, social: 3 } },
      },
    });
    renderHeader();
    const bell = await screen.findByRole('button', { name: 'Notifications, 4 non lues' }, menuLoad);
    expect(bell.textContent).toBe('4');
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications', expect.anything());
  });

  it("'Se connecter' on a book page comes back to that book once signed in", () => {
    setSignedOut();
    renderHeader('/books/carmen-prosper-merimee?segment=2');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(
      '/auth?next=%2Fbooks%2Fcarmen-prosper-merimee%3Fsegment%3D2',
    );
  });

  it('asks the server who is signed in, showing neither button meanwhile', async () => {
    resetSession();
    const fetchMock = mockApi({ 'GET /api/auth/session': pending() });
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu du compte' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything());
  });

  it('shows the avatar menu of the reader the server names', async () => {
    resetSession();
    mockApi({
      'GET /api/auth/session': { body: { user: aSessionUser({ username: 'Léa Martin' }) } },
    });
    renderHeader();
    const button = await screen.findByRole('button', { name: 'Menu du compte' });
    expect(button.textContent).toBe('LM');
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });

  it('counts a failed session request as signed out', async () => {
    resetSession();
    mockApi({ 'GET /api/auth/session': apiError(500, 'INTERNAL', 'Erreur') });
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });

  it("lists the reader's e-mail, Profil, Relire des questions and Déconnexion, without Administration", async () => {
    setSignedIn(aSessionUser({ email: 'lea@exemple.fr' }));
    const user = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    const menu = await screen.findByRole('menu', {}, menuLoad);
    expect(within(menu).getByText('lea@exemple.fr')).toBeTruthy();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profil',
      'Relire des questions',
      'Déconnexion',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Profil' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(
      within(menu).getByRole('menuitem', { name: 'Relire des questions' }).getAttribute('href'),
    ).toBe('/review-questions');
  });

  it('adds Administration for an administrator', async () => {
    setSignedIn(aSessionUser({ isAdmin: true }));
    const user = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    const menu = await screen.findByRole('menu', {}, menuLoad);
    expect(
      within(menu).getByRole('menuitem', { name: 'Administration' }).getAttribute('href'),
    ).toBe('/admin');
  });

  it("offers 'Demander un livre' instead of 'Premium' to a premium member", () => {
    setSignedIn(aSessionUser({ isPremium: true }));
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Demander un livre' }).getAttribute('href')).toBe(
      '/request-book',
    );
    expect(within(nav).queryByRole('link', { name: 'Premium' })).toBeNull();
  });

  it('signs out: toast, local storage cleared but the onboarding flag, then / after 100 ms', async () => {
    setSignedIn(aSessionUser());
    window.localStorage.setItem('lisons:onboarding-done', '1');
    window.localStorage.setItem('lisons:reminder-time', '20:00');
    const fetchMock = mockApi({
      'POST /api/auth/sign-out': { body: { message: 'Déconnexion réussie' } },
    });
    const user = renderHeader('/a-propos');
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }, menuLoad));
    expect(await screen.findByText('Déconnexion réussie')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(window.localStorage.getItem('lisons:onboarding-done')).toBe('1');
    expect(window.localStorage.getItem('lisons:reminder-time')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'));
    // The bell reads the notifications too: the sign-out is the one call to its route.
    const signOuts = fetchMock.mock.calls.filter(([url]) =>
      String(url).endsWith('/api/auth/sign-out'),
    );
    expect(signOuts.map(([, init]) => init?.method)).toEqual(['POST']);
  });

  it("says 'Erreur lors de la déconnexion' and stays signed in when the server refuses", async () => {
    setSignedIn(aSessionUser());
    mockApi({ 'POST /api/auth/sign-out': apiError(403, 'FORBIDDEN', 'Origine refusée.') });
    const user = renderHeader('/a-propos');
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }, menuLoad));
    expect(await screen.findByText('Erreur lors de la déconnexion')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu du compte' })).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/a-propos');
  });
});

describe('mobile menu', () => {
  it("holds the reader's account entries once signed in", async () => {
    setSignedIn(aSessionUser({ email: 'lea@exemple.fr', isAdmin: true }));
    const user = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, menuLoad);
    expect(within(menu).getByText('lea@exemple.fr')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Profil' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(
      within(menu).getByRole('link', { name: 'Relire des questions' }).getAttribute('href'),
    ).toBe('/review-questions');
    expect(within(menu).getByRole('link', { name: 'Administration' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
  });

  it('has no account entries for a visitor', async () => {
    setSignedOut();
    const user = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, menuLoad);
    expect(within(menu).queryByRole('link', { name: 'Profil' })).toBeNull();
    expect(within(menu).queryByRole('button', { name: 'Déconnexion' })).toBeNull();
  });
});
