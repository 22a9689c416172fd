import type { Heard } from '../../db/notifications';
import type { StoredLiveEvent } from './live.repository';

/** The channel every process LISTENs on (the live_events trigger, migration 0018). */
export const LIVE_CHANNEL = 'lisons_live';

// One text per event and process, however many tabs it goes to (a room of 500).
const frames = new WeakMap<StoredLiveEvent, string>();

/** An event as a Server-Sent Events frame (`id`, `event`, `data` on one line of JSON). */
export function frameOf(event: StoredLiveEvent): string {
  let text = frames.get(event);
  if (text === undefined) {
    text = `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`;
    frames.set(event, text);
  }
  return text;
}

/** One open tab: what it may receive, and how to send to it. */
export type LiveConnection = {
  readerId: string;
  /** The address the tab connected from (request.ip): streams are capped per address too. */
  address: string;
  room: string | null;
  /** Decides, per room event, whether this reader sees it (a block hides its author). */
  roomFilter: ((event: StoredLiveEvent) => boolean) | null;
  send: (event: StoredLiveEvent) => void;
  /** Writes a comment line if the stream was idle, so that proxies keep it open; with
   * `checkSession`, ends it when its session no longer stands. */
  heartbeat: (checkSession: boolean) => Promise<void>;
  /** Ends the stream; the browser reconnects with Last-Event-ID and replays. */
  end: () => void;
};

type Payload = {
  id: string;
  reader: string | null;
  room: string | null;
  kind: StoredLiveEvent['kind'];
  data?: unknown;
};

/**
 * This process's open tabs, by reader and by room, fed by NOTIFY on 'lisons_live'. Events
 * go only to their reader's connections, or to the room's connections whose filter lets
 * them through. Nothing here outlives a connection: a process that restarts loses only its
 * sockets, and their browsers replay from the database when they reconnect elsewhere.
 */
export function createLiveHub({
  fetch,
}: {
  fetch: (id: number) => Promise<StoredLiveEvent | null>;
}) {
  const byReader = new Map<string, Set<LiveConnection>>();
  const byRoom = new Map<string, Set<LiveConnection>>();
  const byAddress = new Map<string, Set<LiveConnection>>();

  const add = (index: Map<string, Set<LiveConnection>>, key: string, c: LiveConnection) => {
    const set = index.get(key);
    if (set) set.add(c);
    else index.set(key, new Set([c]));
  };
  const remove = (index: Map<string, Set<LiveConnection>>, key: string, c: LiveConnection) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) index.delete(key);
  };

  const deliver = (event: StoredLiveEvent) => {
    if (event.readerId) {
      for (const c of byReader.get(event.readerId) ?? []) c.send(event);
    } else if (event.room) {
      for (const c of byRoom.get(event.room) ?? []) {
        if (!c.roomFilter || c.roomFilter(event)) c.send(event);
      }
    }
  };

  const heard = (message: Heard) => {
    // The LISTEN connection was lost: what was said meanwhile is unknown here. Ending every
    // stream makes each browser reconnect with its Last-Event-ID and replay from the table.
    if ('missed' in message) {
      for (const c of connections()) c.end();
      return;
    }
    let payload: Payload;
    try {
      payload = JSON.parse(message.payload) as Payload;
    } catch {
      return;
    }
    const listening =
      (payload.reader && byReader.has(payload.reader)) ||
      (payload.room && byRoom.has(payload.room));
    if (!listening) return;
    const id = Number(payload.id);
    if ('data' in payload) {
      deliver({
        id,
        readerId: payload.reader,
        room: payload.room,
        kind: payload.kind,
        data: payload.data,
      });
      return;
    }
    // Too large for a NOTIFY payload: read it once for all this process's tabs.
    fetch(id).then(
      (event) => event && deliver(event),
      () => {},
    );
  };

  // Every connection is under exactly one reader.
  const connections = () => [...byReader.values()].flatMap((set) => [...set]);

  return {
    heard,
    connect(c: LiveConnection): () => void {
      add(byReader, c.readerId, c);
      add(byAddress, c.address, c);
      if (c.room) add(byRoom, c.room, c);
      return () => {
        remove(byReader, c.readerId, c);
        remove(byAddress, c.address, c);
        if (c.room) remove(byRoom, c.room, c);
      };
    },
    /** This process's open streams of one reader and of one address (the caps, live.routes.ts). */
    openBy: (readerId: string, address: string) => ({
      reader: byReader.get(readerId)?.size ?? 0,
      address: byAddress.get(address)?.size ?? 0,
    }),
    /** Every open connection. */
    connections,
    /** Connections open now (the bench and /metrics read it). */
    size: () => {
      let n = 0;
      for (const set of byReader.values()) n += set.size;
      return n;
    },
    /** Ends every stream (shutdown, or a reader signed out everywhere). */
    endAll(readerId?: string) {
      const list = readerId ? [...(byReader.get(readerId) ?? [])] : connections();
      for (const c of list) c.end();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
