import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { Footer } from './footer';

afterEach(cleanup);

describe('Footer', () => {
  it('shows the version of package.json and the build date in French', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(`v${pkg.version}`)).toBeTruthy();
    expect(footer.querySelector('time')?.textContent).toMatch(
      /^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4} à \d{2}:\d{2}$/,
    );
  });

  it('shows the build instant as the build wrote it', () => {
    render(
      <MemoryRouter>
        <Footer
          build={{
            version: 'v1.2.3',
            builtAt: '2026-07-14T20:05:00.000Z',
            builtAtLabel: '14 juillet 2026 à 22:05',
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('v1.2.3')).toBeTruthy();
    expect(screen.getByText('14 juillet 2026 à 22:05').getAttribute('datetime')).toBe(
      '2026-07-14T20:05:00.000Z',
    );
  });

  it('links to the about, press, blog and legal pages', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Liens du pied de page' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['À propos', '/a-propos'],
      ['Presse', '/presse'],
      ['Blog', '/blog'],
      ['Confidentialité', '/legal/privacy'],
      ["Conditions d'utilisation", '/legal/terms'],
    ]);
  });
});
