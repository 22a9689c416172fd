import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';

/** One Server-Sent Event as a browser's EventSource would see it. */
export type LiveFrame = { id: string | null; event: string; data: unknown };

/** Parses complete frames out of `buffer`; returns them and what is left (an unfinished frame). */
export function parseFrames(buffer: string): {
  frames: LiveFrame[];
  comments: number;
  rest: string;
} {
  const frames: LiveFrame[] = [];
  let comments = 0;
  const parts = buffer.split('\n\n');
  const rest = parts.pop() ?? '';
  for (const part of parts) {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (line.startsWith(':')) comments += 1;
      if (line.startsWith(':') || line === '') continue;
      const [field, ...value] = line.split(': ');
      const text = value.join(': ');
      if (field === 'id') id = text;
      else if (field === 'event') event = text;
      else if (field === 'data') data.push(text);
    }
    if (data.length > 0) frames.push({ id, event, data: JSON.parse(data.join('\n')) });
  }
  return { frames, comments, rest };
}

export type LiveClient = {
  status: number;
  headers: Headers;
  /** Every frame received so far, in order. */
  frames: LiveFrame[];
  /** Waits for a frame of `event` that `match` accepts, and returns it. */
  // biome-ignore lint/suspicious/noExplicitAny: each test knows the shape of the data it waits for
  next: (event: string, match?: (data: any) => boolean) => Promise<LiveFrame>;
  /** Comment lines received so far (heartbeats). */
  comments: () => number;
  /** The id of the last frame that carried one (what EventSource sends back as Last-Event-ID). */
  lastEventId: () => string | null;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Opens `GET /api/live` on a listening server as a tab of the reader with `cookie` would. */
export async function openLive(
  baseUrl: string,
  cookie: string,
  options: { room?: string; lastEventId?: string; after?: string } = {},
): Promise<LiveClient> {
  const url = new URL('/api/live', baseUrl);
  if (options.room) url.searchParams.set('room', options.room);
  if (options.after) url.searchParams.set('after', options.after);
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const frames: LiveFrame[] = [];
  let last: string | null = null;
  let comments = 0;
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const parsed = parseFrames(buffer);
        buffer = parsed.rest;
        comments += parsed.comments;
        for (const frame of parsed.frames) {
          frames.push(frame);
          if (frame.id !== null) last = frame.id;
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    frames,
    next: (event, match = () => true) =>
      vi.waitFor(
        () => {
          const frame = frames.find((f) => f.event === event && match(f.data));
          if (!frame) throw new Error(`no '${event}' frame yet: ${JSON.stringify(frames)}`);
          return frame;
        },
        { timeout: 10_000, interval: 20 },
      ),
    comments: () => comments,
    lastEventId: () => last,
    ended,
    close: () => controller.abort(),
  };
}

/**
 * `app.inject` that also works on a streaming route: the answer is read to its end, except
 * an event stream, of which only what is written at once is read before it is dropped.
 */
export async function injectAll(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  const chunks: Buffer[] = [];
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    for await (const chunk of stream) {
      chunks.push(Buffer.from(chunk));
      break;
    }
    stream.destroy();
  } else {
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  }
  const rawPayload = Buffer.concat(chunks);
  const body = rawPayload.toString();
  return Object.assign(res, {
    rawPayload,
    payload: body,
    body,
    json: () => JSON.parse(body),
  });
}
