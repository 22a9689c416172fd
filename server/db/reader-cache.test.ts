import { describe, expect, it } from 'vitest';
import type { Heard, Listener } from './notifications';
import { createReaderPages, READERS_CHANNEL } from './reader-cache';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

/** A listener the test speaks through, as PostgreSQL would. */
function fakeListener() {
  const handlers = new Map<string, (heard: Heard) => void>();
  const listen: Listener = async (channel, onChange) => {
    handlers.set(channel, onChange);
    return async () => {
      handlers.delete(channel);
    };
  };
  const say = (channel: string, heard: Heard) => handlers.get(channel)?.(heard);
  return { listen, say, channels: () => [...handlers.keys()] };
}

describe("readers' pages in memory", () => {
  it('serves a reader their page from memory, sent as it was loaded', async () => {
    const pages = createReaderPages();
    let loads = 0;
    const load = async () => JSON.stringify({ items: [`livre ${++loads}`] });
    expect((await pages.page('ana', 'reading-list', load)).text).toBe('{"items":["livre 1"]}');
    expect((await pages.page('ana', 'reading-list', load)).text).toBe('{"items":["livre 1"]}');
    expect(loads).toBe(1);
    // Another reader, or another page of hers, is loaded on its own.
    expect((await pages.page('bob', 'reading-list', load)).text).toBe('{"items":["livre 2"]}');
    expect((await pages.page('ana', 'achievements', load)).text).toBe('{"items":["livre 3"]}');
  });

  it("forgets one reader's pages, and only theirs", async () => {
    const pages = createReaderPages();
    let version = 1;
    const load = async () => `"v${version}"`;
    await pages.page('ana', 'reading-list', load);
    await pages.page('ana', 'book:1', load);
    await pages.page('bob', 'reading-list', load);
    version = 2;
    pages.forget('ana');
    expect((await pages.page('ana', 'reading-list', load)).text).toBe('"v2"');
    expect((await pages.page('ana', 'book:1', load)).text).toBe('"v2"');
    expect((await pages.page('bob', 'reading-list', load)).text).toBe('"v1"');
  });

  it('never keeps a page whose load started before the reader was forgotten', async () => {
    const pages = createReaderPages();
    const slow = deferred<string>();
    const stale = pages.page('ana', 'reading-list', () => slow.promise);
    pages.forget('ana'); // her write committed while the old read was in flight
    slow.resolve('"avant"');
    expect((await stale).text).toBe('"avant"');
    expect((await pages.page('ana', 'reading-list', async () => '"après"')).text).toBe('"après"');
  });

  it('renews every page at each quarter hour, when some local day may have begun', async () => {
    let clock = Date.UTC(2026, 10, 28, 22, 59, 0); // 23:59 in Paris
    const pages = createReaderPages({ now: () => clock });
    let day = 'samedi';
    const load = async () => `"${day}"`;
    expect((await pages.page('ana', 'achievements', load)).text).toBe('"samedi"');
    clock += 60_000; // midnight in Paris
    day = 'dimanche';
    expect((await pages.page('ana', 'achievements', load)).text).toBe('"dimanche"');
  });

  it('drops what the database says changed: a reader, a name, or everything', async () => {
    const pages = createReaderPages();
    const { listen, say, channels } = fakeListener();
    const stop = await pages.listen(listen, ['lisons_catalogue']);
    expect(channels().sort()).toEqual(['lisons_catalogue', READERS_CHANNEL]);
    let version = 1;
    const load = async () => `${version}`;
    const read = async (reader: string, what: string) =>
      (await pages.page(reader, what, load)).text;
    const fill = async () => {
      for (const reader of ['ana', 'bob'])
        for (const what of ['reading-list', 'notifications']) await read(reader, what);
    };

    await fill();
    version = 2;
    say(READERS_CHANNEL, { payload: 'r:ana' });
    expect(await read('ana', 'reading-list')).toBe('2');
    expect(await read('bob', 'reading-list')).toBe('1');

    // Bob renamed himself: his pages, and every bell (it may list him), are read again.
    version = 3;
    say(READERS_CHANNEL, { payload: 'u:bob' });
    expect(await read('bob', 'reading-list')).toBe('3');
    expect(await read('ana', 'notifications')).toBe('3');
    expect(await read('ana', 'reading-list')).toBe('2');

    for (const heard of [
      { payload: 'notifications' }, // a truncate
      { missed: true } as const,
    ]) {
      version += 1;
      say(READERS_CHANNEL, heard);
      expect(await read('ana', 'reading-list')).toBe(String(version));
    }
    version += 1;
    say('lisons_catalogue', { payload: 'books' });
    expect(await read('bob', 'notifications')).toBe(String(version));
    expect(pages.size).toBeGreaterThan(0);

    await stop();
    expect(channels()).toEqual([]);
  });
});
