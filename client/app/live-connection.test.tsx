import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveHub, useLiveEvent, useLiveRoom } from '../lib/live';
import { resetSession, setSignedIn, setSignedOut } from '../lib/session-store';
import { aSessionUser } from '../test/session-user';
import { LiveConnection } from './live-connection';

// jsdom has no EventSource: this one records what the page opens and lets the test speak
// for the server.
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: URL;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(url: string | URL) {
    this.url = new URL(String(url));
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** The server sends one frame. */
  say(name: string, data: unknown, id = '') {
    const event = new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
}
const current = () => FakeEventSource.opened.filter((s) => !s.closed);

function renderConnection(client = new QueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <LiveConnection />
    </QueryClientProvider>,
  );
}

describe('the live connection', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
    liveHub.reset();
  });

  it('opens no stream for a visitor, and one for a signed-in reader', () => {
    setSignedOut();
    const view = renderConnection();
    expect(FakeEventSource.opened).toHaveLength(0);
    act(() => setSignedIn(aSessionUser()));
    expect(current()).toHaveLength(1);
    expect(current()[0]?.url.pathname).toBe('/api/live');
    act(() => setSignedOut());
    expect(current()).toHaveLength(0);
    view.unmount();
  });

  it('hands each event to the components listening for its kind, once per id', () => {
    setSignedIn(aSessionUser());
    renderConnection();
    const heard = vi.fn();
    renderHook(() => useLiveEvent('notification', heard));
    act(() => {
      current()[0]?.say('ready', {}, '10');
      current()[0]?.say('notification', { n: 1 }, '11');
      current()[0]?.say('chat.message', { n: 2 }, '12');
      // A reconnection's replay repeats an event already handled.
      current()[0]?.say('notification', { n: 1 }, '11');
    });
    expect(heard.mock.calls).toEqual([[{ n: 1 }, { id: '11' }]]);
  });

  it('reopens the stream for a room, saying where the last one was', () => {
    setSignedIn(aSessionUser());
    renderConnection();
    act(() => current()[0]?.say('ready', {}, '42'));
    const room = renderHook(() => useLiveRoom('chat:abc'));
    expect(current()).toHaveLength(1);
    expect(current()[0]?.url.searchParams.get('room')).toBe('chat:abc');
    expect(current()[0]?.url.searchParams.get('after')).toBe('42');
    room.unmount();
    expect(current()[0]?.url.searchParams.get('room')).toBeNull();
  });

  it('reloads what the page shows when the server says some events were lost', () => {
    setSignedIn(aSessionUser());
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderConnection(client);
    act(() => current()[0]?.say('resync', {}));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
