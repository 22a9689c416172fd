import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSignedIn, setSignedOut } from '../lib/session-store';
import { aSessionUser } from '../test/session-user';
import { DeferredOnboarding } from './deferred-onboarding';

// The browser's idle moments, run by the test when it chooses.
let idle: (() => void)[] = [];

beforeAll(async () => {
  // jsdom has no modal dialogs: the open attribute is enough here. The browser's own (focus
  // kept inside, Escape, the backdrop) is checked end to end, in e2e/shell.spec.ts.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  // The dialog's code, loaded once so each test only waits for React.
  await import('./onboarding-dialog');
});
beforeEach(() => {
  idle = [];
  window.localStorage.clear();
  Object.assign(window, {
    requestIdleCallback: (task: () => void) => idle.push(task),
    cancelIdleCallback: (handle: number) => {
      idle[handle - 1] = () => {};
    },
  });
  setSignedOut();
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

function Page({ title, to }: { title: string; to: string }) {
  return (
    <>
      <h1>{title}</h1>
      <label>
        Email
        <input type="email" />
      </label>
      <Link to={to}>Page suivante</Link>
    </>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          element={
            <>
              <Outlet />
              <DeferredOnboarding />
            </>
          }
        >
          <Route path="/a-propos" element={<Page title="À propos" to="/presse" />} />
          <Route path="/presse" element={<Page title="Presse" to="/a-propos" />} />
          <Route path="/auth" element={<Page title="Connexion" to="/a-propos" />} />
          <Route path="/reset-password" element={<Page title="Mot de passe" to="/a-propos" />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The browser becomes idle: whatever waited for it runs, and React settles. */
async function becomeIdle() {
  await act(async () => {
    for (const task of idle.splice(0)) task();
    await import('./onboarding-dialog');
  });
}

const dialog = () => screen.queryByRole('dialog', { name: 'Bienvenue sur Lisons' });

describe('onboarding', () => {
  it('opens for a signed-out visitor once the page is idle, and not again once seen', async () => {
    const user = renderAt('/a-propos');
    expect(dialog()).toBeNull();
    await becomeIdle();
    expect(dialog()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Passer' }));
    expect(dialog()).toBeNull();
    expect(window.localStorage.getItem('lisons:onboarding-done')).toBe('1');

    await user.click(screen.getByRole('link', { name: 'Page suivante' }));
    await becomeIdle();
    expect(dialog()).toBeNull();
  });

  it.each(['/auth', '/reset-password'])(
    'never opens over %s, but does on the next page',
    async (path) => {
      const user = renderAt(path);
      await becomeIdle();
      expect(dialog()).toBeNull();
      // Not even waiting for an idle moment there.
      expect(idle).toEqual([]);

      await user.click(screen.getByRole('link', { name: 'Page suivante' }));
      expect(await screen.findByRole('heading', { name: 'À propos' })).toBeTruthy();
      await becomeIdle();
      expect(dialog()).not.toBeNull();
    },
  );

  it('does not open while the visitor types in a field; it waits for a later page', async () => {
    const user = renderAt('/a-propos');
    await user.click(screen.getByLabelText('Email'));
    await user.keyboard('lea@exem');
    await becomeIdle();
    expect(dialog()).toBeNull();
    expect(screen.getByLabelText('Email')).toBe(document.activeElement);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('lea@exem');
    // Not counted as seen: the visitor never saw it.
    expect(window.localStorage.getItem('lisons:onboarding-done')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Page suivante' }));
    expect(await screen.findByRole('heading', { name: 'Presse' })).toBeTruthy();
    await becomeIdle();
    expect(dialog()).not.toBeNull();
  });

  it('is not shown to a signed-in reader', async () => {
    setSignedIn(aSessionUser());
    renderAt('/a-propos');
    await becomeIdle();
    expect(dialog()).toBeNull();
  });
});
