import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('read cache', () => {
  it('loads a key once and serves it from memory until cleared', async () => {
    const cache = createReadCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => `valeur ${++loads}`;
    expect(await cache.get('a', load)).toBe('valeur 1');
    expect(await cache.get('a', load)).toBe('valeur 1');
    cache.clear();
    expect(await cache.get('a', load)).toBe('valeur 2');
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = createReadCache<number>({ maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => cache.get('k', async () => ++loads)),
    );
    expect(results).toEqual(Array(20).fill(1));
    expect(loads).toBe(1);
  });

  it('never stores a value whose load started before a clear', async () => {
    const cache = createReadCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    const slow = deferred<string>();
    const stale = cache.get('k', () => slow.promise);
    cache.clear(); // the data changed while the old read was in flight
    slow.resolve('ancien');
    expect(await stale).toBe('ancien');
    expect(await cache.get('k', async () => 'nouveau')).toBe('nouveau');
  });

  it('drops only the entries a change touches', async () => {
    const cache = createReadCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    cache.drop((_key, value) => value === 'b1');
    expect(await cache.get('a', async () => 'a2')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('never stores a value whose load started before a drop that touches it', async () => {
    const cache = createReadCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    const touched = deferred<string>();
    const spared = deferred<string>();
    const stale = cache.get('t', () => touched.promise);
    const fresh = cache.get('s', () => spared.promise);
    cache.drop((_key, value) => value === 'ancien'); // changed while both reads were in flight
    touched.resolve('ancien');
    spared.resolve('intact');
    expect([await stale, await fresh]).toEqual(['ancien', 'intact']);
    expect(await cache.get('t', async () => 'nouveau')).toBe('nouveau');
    expect(await cache.get('s', async () => 'relu')).toBe('intact');
  });

  it('starts a new load for a miss after a drop instead of joining one from before it', async () => {
    const cache = createReadCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    const before = deferred<string>();
    const first = cache.get('k', () => before.promise);
    cache.drop(() => true);
    const second = cache.get('k', async () => 'après');
    before.resolve('avant');
    expect([await first, await second]).toEqual(['avant', 'après']);
    expect(await cache.get('k', async () => 'encore')).toBe('après');
  });

  it('judges a load only by the drops made while it ran', async () => {
    const cache = createReadCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    cache.drop(() => true); // nothing in flight: forgotten at once
    const slow = deferred<string>();
    const pending = cache.get('k', () => slow.promise);
    slow.resolve('v');
    await pending;
    expect(await cache.get('k', async () => 'relu')).toBe('v');
  });

  it('evicts the least recently used key beyond its size', async () => {
    const cache = createReadCache<string>({ maxEntries: 2, ttlMs: 60_000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('reloads an entry older than its time limit', async () => {
    const cache = createReadCache<string>({ maxEntries: 10, ttlMs: 0 });
    await cache.get('k', async () => 'v1');
    await new Promise((r) => setTimeout(r, 2));
    expect(await cache.get('k', async () => 'v2')).toBe('v2');
  });

  it('does not keep a failed load', async () => {
    const cache = createReadCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    await expect(cache.get('k', () => Promise.reject(new Error('panne')))).rejects.toThrow('panne');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });
});
