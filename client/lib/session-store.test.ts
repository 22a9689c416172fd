import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSessionUser } from '../test/session-user';
import {
  getSession,
  loadSession,
  resetSession,
  setSignedIn,
  setSignedOut,
  subscribeSession,
} from './session-store';

afterEach(() => vi.unstubAllGlobals());

function sessionAnswer(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('session store', () => {
  it('asks the server once, on the first subscription, then tells every subscriber', async () => {
    resetSession();
    const reader = aSessionUser();
    const fetchMock = sessionAnswer({ user: reader });
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = subscribeSession(first);
    const stopSecond = subscribeSession(second);
    expect(getSession()).toEqual({ status: 'loading' });
    await vi.waitFor(() => expect(getSession()).toEqual({ status: 'signed-in', user: reader }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    expect(first).toHaveBeenCalled();
    expect(second).toHaveBeenCalled();
    stopFirst();
    stopSecond();
  });

  it('is signed out when nobody is, or when the server cannot be reached', async () => {
    resetSession();
    sessionAnswer({ user: null });
    await loadSession();
    expect(getSession()).toEqual({ status: 'signed-out' });

    resetSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await loadSession();
    expect(getSession()).toEqual({ status: 'signed-out' });

    resetSession();
    sessionAnswer({ error: { code: 'INTERNAL', message: 'Erreur' } }, 500);
    await loadSession();
    expect(getSession()).toEqual({ status: 'signed-out' });
  });

  it('ignores a session answer that arrives after a sign-in', async () => {
    resetSession();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const loading = loadSession();
    const reader = aSessionUser();
    setSignedIn(reader);
    answer(new Response(JSON.stringify({ user: null })));
    await loading;
    expect(getSession()).toEqual({ status: 'signed-in', user: reader });
    setSignedOut();
    expect(getSession()).toEqual({ status: 'signed-out' });
  });
});
