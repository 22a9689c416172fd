import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveMessages } from '../../../domain/messages/live';
import { STREAMS_PER_READER } from '../../modules/live/live.routes';
import { buildTestApp, type TestApp } from '../app';
import { callAs } from '../call-as';
import { setProgress } from '../chat';
import { createBook, createReader, type Reader } from '../factories';
import { injectAll, type LiveClient, openLive } from '../live';
import { expectFrenchError } from './security-helpers';

// The live stream's own guards, as a browser tab meets them on a listening server: which
// rooms exist, how many streams one reader or one address may hold, what a replay carries.

const PER_ADDRESS = 12;
let t: TestApp;
let base: string;
const open: LiveClient[] = [];
const tab = async (reader: Reader, options?: Parameters<typeof openLive>[2]) => {
  const client = await openLive(base, reader.cookie, options);
  open.push(client);
  return client;
};
const closeAll = async () => {
  for (const client of open.splice(0)) client.close();
  // The server counts a stream until it sees its socket close.
  const probe = await createReader(t.app);
  await vi.waitFor(
    async () => {
      const check = await tab(probe);
      check.close();
      if (check.status !== 200) throw new Error(`still full: ${check.status}`);
    },
    { timeout: 10_000, interval: 50 },
  );
};

beforeAll(async () => {
  t = await buildTestApp({ LIVE_STREAMS_PER_ADDRESS: String(PER_ADDRESS) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const client of open) client.close();
  // Fetch's pooled sockets of the refused requests: dropped now, not at the keep-alive timeout.
  t.app.server.closeAllConnections();
  await t.close();
});

describe('the room guard', () => {
  // Every name an object inherits: a room table read as a plain object would find them.
  const inherited = Object.getOwnPropertyNames(Object.prototype);

  it.each(['nowhere:abc', ...inherited.map((name) => `${name}:x`)])(
    'refuses the room %s in French before streaming',
    async (room) => {
      const reader = await createReader(t.app);
      const res = await injectAll(t.app, {
        method: 'GET',
        url: '/api/live',
        query: { room },
        headers: { cookie: reader.cookie },
      });
      expectFrenchError(res);
      if (/^[a-z]+:/.test(room)) expect(res.json().error.message).toBe(liveMessages.unknownRoom);
    },
  );
});

describe('the caps on open streams', () => {
  it(`lets a reader hold ${STREAMS_PER_READER} streams and refuses one more with a French 429`, async () => {
    const reader = await createReader(t.app);
    const tabs = await Promise.all(Array.from({ length: STREAMS_PER_READER }, () => tab(reader)));
    expect(tabs.map((c) => c.status)).toEqual(tabs.map(() => 200));
    const refused = await fetch(`${base}/api/live`, { headers: { cookie: reader.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: liveMessages.tooManyStreams },
    });
    // Another reader is not held back by this one's streams.
    expect((await tab(await createReader(t.app))).status).toBe(200);
    // Once a tab closes, a new one opens again.
    tabs[0]?.close();
    await vi.waitFor(
      async () => {
        const again = await tab(reader);
        if (again.status !== 200) throw new Error(`refused: ${again.status}`);
      },
      { timeout: 10_000, interval: 50 },
    );
    await closeAll();
  });

  it(`refuses the stream after ${PER_ADDRESS} from one address, whoever's`, async () => {
    const readers = await Promise.all(
      Array.from({ length: PER_ADDRESS / 4 }, () => createReader(t.app)),
    );
    for (const reader of readers) {
      for (let i = 0; i < 4; i += 1) expect((await tab(reader)).status).toBe(200);
    }
    const newcomer = await createReader(t.app);
    const refused = await fetch(`${base}/api/live`, { headers: { cookie: newcomer.cookie } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toBe(liveMessages.tooManyStreams);
    await closeAll();
  });
});

describe('the replay of a chat room', () => {
  it('never carries a removed message, to a tab that saw it or to one that joins after', async () => {
    const book = await createBook(t.database.db);
    const [ana, ben, cleo] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ];
    for (const r of [ana, ben, cleo]) await setProgress(t.database.db, r, book, 'completed');
    const room = `chat:${book.id}`;
    const benTab = await tab(ben, { room });
    const start = (await benTab.next('ready')).id ?? '0';

    const post = async (content: string) =>
      (await callAs(t.app, ana).post(`/api/books/${book.slug}/chat`, { content })).json() as {
        id: string;
      };
    const kept = await post('Un message qui reste');
    const removed = await post('Un message bientôt retiré');
    await benTab.next('chat.message', (data) => data.id === removed.id);
    expect((await callAs(t.app, ana).delete(`/api/chat/messages/${removed.id}`)).statusCode).toBe(
      200,
    );
    await benTab.next('chat.removed', (data) => data.id === removed.id);
    benTab.close();

    const messagesOf = (client: LiveClient) =>
      client.frames
        .filter((f) => f.event === 'chat.message')
        .map((f) => (f.data as { id: string }).id);
    // Ben's tab comes back with its Last-Event-ID; Cléo opens the room from the same point.
    const back = await tab(ben, { room, lastEventId: start });
    const late = await tab(cleo, { room, after: start });
    for (const client of [back, late]) {
      await client.next('chat.message', (data) => data.id === kept.id);
      await client.next('chat.removed', (data) => data.id === removed.id);
      expect(messagesOf(client)).toEqual([kept.id]);
      expect(JSON.stringify(client.frames)).not.toContain('bientôt retiré');
    }
  });
});
