import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './header';

afterEach(cleanup);

describe('Header', () => {
  it('shows the main navigation in the order of the spec, then Premium', () => {
    render(
      <MemoryRouter initialEntries={['/a-propos']}>
        <Header />
      </MemoryRouter>,
    );
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
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Lisons' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toBeTruthy();
  });
});
