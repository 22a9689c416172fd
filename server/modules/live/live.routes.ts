import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { liveMessages } from '../../../domain/messages/live';
import type { Db } from '../../db/client';
import type { Listener } from '../../db/notifications';
import { AppError } from '../../errors';
import { requireSession, signedIn } from '../../plugins/auth';
import { watchLiveConnections } from '../../plugins/metrics';
import { sessionRequired } from '../../plugins/openapi';
import { createLiveHub, frameOf, LIVE_CHANNEL, type LiveConnection } from './live.hub';
import { createLiveRepository, REPLAY_LIMIT, type StoredLiveEvent } from './live.repository';

/**
 * Whether a reader may receive a room (`<owner>:<key>`): null refuses; otherwise a filter
 * applied to each of the room's events for this reader. The room's owner module provides it.
 */
export type RoomGuard = (readerId: string, key: string) => Promise<null | RoomFilter>;

type RoomFilter = ((event: { kind: string; data: unknown }) => boolean) & {
  /**
   * Of the room's past events about to be replayed, those still true now: a replay shows
   * the room as it stands (a message removed since is not sent again).
   */
  stillTrue?: <E extends { kind: string; data: unknown }>(events: readonly E[]) => Promise<E[]>;
};

/**
 * Open streams allowed per reader and per address (each holds a socket and buffers).
 * Counted per process: a stream lives in one process's memory and the cap protects that
 * process; with N processes behind a balancer a reader may hold at most N times as many.
 */
export const STREAMS_PER_READER = 10;

/** A tab that stops reading is dropped past this much unsent data (it reconnects and replays). */
const MAX_BUFFERED_BYTES = 1_048_576;
/** What the browser waits before reconnecting after a drop. */
const RETRY_MS = 3_000;
/** Ids replayed again below Last-Event-ID (see below). */
const REPLAY_OVERLAP = 200;

const querySchema = z.object({
  room: z
    .string()
    .min(3)
    .max(120)
    .regex(/^[a-z]+:[A-Za-z0-9-]+$/)
    .optional(),
  /** Last-Event-ID for a tab that opens a new stream itself (EventSource sends the header only on its own reconnections). */
  after: z.coerce.number().int().min(0).optional(),
});

/**
 * Heartbeats go out this many streams at a time, the event loop free in between: one pass
 * over 5 500 streams at once held it 650–740 ms (bench/live.ts), delaying every event.
 */
const HEARTBEAT_SLICE = 250;
/** Every how many heartbeats each stream's session is checked (100 s by default). */
const SESSION_CHECK_BEATS = 4;

/**
 * The live channel: one Server-Sent Events stream per tab (docs/decisions/019). A reader
 * receives their own events and those of one room they were let into; a reconnection with
 * Last-Event-ID replays what was missed from live_events, or says `resync` when it cannot.
 */
export async function liveRoutes(
  app: FastifyInstance,
  {
    db,
    listen,
    rooms,
    heartbeatSeconds,
    streamsPerAddress,
    stillSignedIn,
  }: {
    db: Db;
    listen: Listener;
    rooms: Record<string, RoomGuard>;
    /** Between comment lines, so proxies and load balancers keep an idle stream open. */
    heartbeatSeconds: number;
    /** Open streams allowed per address (config LIVE_STREAMS_PER_ADDRESS). */
    streamsPerAddress: number;
    /**
     * Whether the session of this cookie still stands, asked at each heartbeat: a tab whose
     * reader signed out (here or in another tab) stops receiving at once, and its
     * reconnection is refused.
     */
    stillSignedIn: (cookie: string) => Promise<boolean>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A Map, not the object: `constructor:x` must not find Object.prototype.constructor.
  const guards = new Map(Object.entries(rooms));
  const events = createLiveRepository({ db });
  const hub = createLiveHub({ fetch: events.find });
  const unlisten = await listen(LIVE_CHANNEL, hub.heard);
  let beats = 0;
  const beat = async () => {
    // Sessions are checked every few beats (a reader who signs out in this tab closes the
    // stream at once; elsewhere it ends within SESSION_CHECK_BEATS periods), a slice at a
    // time: each check may read the database once the session cache has expired.
    const checkSession = beats++ % SESSION_CHECK_BEATS === 0;
    const all = hub.connections();
    for (let i = 0; i < all.length; i += HEARTBEAT_SLICE) {
      await Promise.all(all.slice(i, i + HEARTBEAT_SLICE).map((c) => c.heartbeat(checkSession)));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const heartbeat = setInterval(() => void beat(), heartbeatSeconds * 1000).unref();
  // Before the server stops accepting: open streams would hold close() forever. Browsers
  // reconnect to another process and replay.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    hub.endAll();
  });
  app.addHook('onClose', unlisten);
  // Open streams, counted in /metrics while this app runs.
  const unwatch = watchLiveConnections(hub.size);
  app.addHook('onClose', async () => unwatch());

  r.get(
    '/api/live',
    {
      compress: false,
      // The cookie's session, asked again at each heartbeat, keeps a stream open: a personal
      // API token has none, so it does not open one.
      preHandler: requireSession(),
      schema: {
        summary: 'Flux en direct (Server-Sent Events) : mes notifications et un salon',
        tags: ['Direct'],
        security: sessionRequired,
        querystring: querySchema,
        response: {
          200: z
            .string()
            .describe(
              'text/event-stream : `ready` puis les événements (`id`, `event`, `data` JSON), `resync` si la reprise est impossible',
            ),
        },
      },
    },
    async (request, reply) => {
      const me = signedIn(request).id;
      const cookie = request.headers.cookie ?? '';
      const room = request.query.room ?? null;
      let roomFilter: RoomFilter | null = null;
      if (room) {
        const [owner, key] = room.split(':') as [string, string];
        const guard = guards.get(owner);
        if (!guard) throw new AppError('NOT_FOUND', liveMessages.unknownRoom);
        const filter = await guard(me, key);
        if (!filter) throw new AppError('FORBIDDEN', liveMessages.roomRefused);
        roomFilter = filter;
      }
      // Checked with no await before hub.connect below, so parallel opens cannot overshoot.
      const open = hub.openBy(me, request.ip);
      if (open.reader >= STREAMS_PER_READER || open.address >= streamsPerAddress) {
        throw new AppError('RATE_LIMITED', liveMessages.tooManyStreams);
      }
      const header = Number(request.headers['last-event-id']);
      const after = Number.isSafeInteger(header) && header >= 0 ? header : request.query.after;

      const stream = new PassThrough();
      // Until the replay is written, live events wait here; those the replay already carried
      // are not sent twice. Otherwise events go out as they come: ids are not in commit order,
      // so an id lower than the last one sent is still new.
      let pending: StoredLiveEvent[] | null = after === undefined ? null : [];
      let lastWrite = Date.now();
      const write = (chunk: string) => {
        lastWrite = Date.now();
        if (stream.writableLength > MAX_BUFFERED_BYTES) stream.end();
        else stream.write(chunk);
      };
      const connection: LiveConnection = {
        readerId: me,
        address: request.ip,
        room,
        roomFilter,
        send: (event) => (pending ? pending.push(event) : write(frameOf(event))),
        heartbeat: async (checkSession) => {
          // A stream that carried an event within the period needs no comment line.
          if (Date.now() - lastWrite >= heartbeatSeconds * 500) write(':\n\n');
          if (!checkSession) return;
          if (!(await stillSignedIn(cookie).catch(() => true))) stream.end();
        },
        end: () => stream.end(),
      };
      const disconnect = hub.connect(connection);
      stream.on('close', disconnect);
      // The response's close (not the request's, which comes once its body is read): the tab left.
      reply.raw.on('close', () => stream.destroy());

      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      stream.write(`retry: ${RETRY_MS}\n\n`);
      if (after === undefined) {
        // A new tab: its baseline, so that a reconnection before any event replays from here.
        stream.write(`id: ${await events.lastId()}\nevent: ready\ndata: {}\n\n`);
      } else {
        // A little before the last id seen: ids are taken at insert, not at commit, so an
        // event committed late may sit just below it. The client drops ids it already has.
        const missed = await events.after(me, room, {
          fromId: Math.max(0, after - REPLAY_OVERLAP),
          seenId: after,
        });
        const replayed = new Set<number>();
        if (!missed.complete || missed.events.length > REPLAY_LIMIT) {
          // Too much, or already purged: the tab reloads what it shows, then goes on live.
          stream.write('event: resync\ndata: {}\n\n');
        } else {
          const roomEvents = missed.events.filter((e) => e.room);
          const current = new Set(
            roomFilter?.stillTrue ? await roomFilter.stillTrue(roomEvents) : roomEvents,
          );
          for (const e of missed.events) {
            replayed.add(e.id);
            const shown = !e.room || (current.has(e) && (!roomFilter || roomFilter(e)));
            if (shown) stream.write(frameOf(e));
          }
        }
        const waiting = pending ?? [];
        pending = null;
        for (const e of waiting) if (!replayed.has(e.id)) connection.send(e);
      }
      // The 200 schema documents the stream's text; Fastify sends a stream as it comes.
      return reply.send(stream as unknown as string);
    },
  );
}
