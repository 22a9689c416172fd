import { useEffect, useRef } from 'react';
import type { LIVE_CONTROL, LiveKind } from '../../domain/live';

/** An event kind, or what the stream itself says (`ready`, `resync`). */
export type LiveEventName = LiveKind | (typeof LIVE_CONTROL)[number];
export type LiveHandler = (data: unknown, meta: { id: string | null }) => void;

// Ids already handled: a reconnection replays a little before its Last-Event-ID (decision
// 019), so an event may come twice; it is handled once.
const REMEMBERED_IDS = 500;

/**
 * The tab's live events, from its one stream (client/app/live-connection.tsx) to the
 * components that listen, and the room the stream should also receive. Client tests call
 * `emit` directly (jsdom has no EventSource).
 */
export function createLiveHub() {
  const handlers = new Map<string, Set<LiveHandler>>();
  const rooms: string[] = [];
  const roomWatchers = new Set<() => void>();
  const seen = new Set<string>();
  let lastId: string | null = null;

  const roomsChanged = () => {
    for (const watcher of roomWatchers) watcher();
  };

  return {
    on(name: LiveEventName, handler: LiveHandler): () => void {
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    emit(name: LiveEventName, data: unknown, id: string | null = null) {
      if (id !== null) {
        lastId = id;
        if (name !== 'ready') {
          if (seen.has(id)) return;
          seen.add(id);
          if (seen.size > REMEMBERED_IDS) seen.delete(seen.values().next().value as string);
        }
      }
      for (const handler of [...(handlers.get(name) ?? [])]) handler(data, { id });
    },
    /** The last id the stream gave: where a new stream of this tab starts from. */
    lastId: () => lastId,
    /** Asks the stream to receive `room` too, until the returned function is called. */
    enterRoom(room: string): () => void {
      rooms.push(room);
      roomsChanged();
      return () => {
        rooms.splice(rooms.lastIndexOf(room), 1);
        roomsChanged();
      };
    },
    /** The room the stream receives: the one entered last. */
    room: (): string | null => rooms.at(-1) ?? null,
    watchRoom(watcher: () => void): () => void {
      roomWatchers.add(watcher);
      return () => roomWatchers.delete(watcher);
    },
    /** Forgets where the stream was (a sign-out: the next reader starts afresh). */
    reset() {
      seen.clear();
      lastId = null;
    },
  };
}

export const liveHub = createLiveHub();

/** Calls `handler` for each live event `name` while the component is mounted. */
export function useLiveEvent(name: LiveEventName, handler: LiveHandler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => liveHub.on(name, (data, meta) => latest.current(data, meta)), [name]);
}

/** While mounted, the tab's stream also receives `room` (null: none). */
export function useLiveRoom(room: string | null): void {
  useEffect(() => (room ? liveHub.enterRoom(room) : undefined), [room]);
}
