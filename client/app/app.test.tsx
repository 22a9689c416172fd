import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { redirects } from '../../domain/screen-paths';
import { App } from './app';

afterEach(cleanup);

// Each page is a lazy chunk: on a busy machine it may take seconds to load, so wait for it.
const pageLoad = { timeout: 5000 };

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <CurrentPath />
    </MemoryRouter>,
  );
}

describe('App routes', () => {
  it('shows the landing page at / and /landing', async () => {
    for (const path of ['/', '/landing']) {
      renderAt(path);
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: "L'appli qui t'accompagne dans ta lecture, page après page" },
          pageLoad,
        ),
      ).toBeTruthy();
      cleanup();
    }
  });

  it.each(Object.entries(redirects))('redirects %s to %s', async (from, to) => {
    renderAt(from);
    await screen.findByRole('heading', { level: 1 }, pageLoad);
    expect(screen.getByTestId('path').textContent).toBe(to);
  });

  it("shows 'Page introuvable' for an unknown path", async () => {
    renderAt('/nulle-part');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }, pageLoad),
    ).toBeTruthy();
  });
});
