import { cacheCounters } from '../plugins/metrics';

/**
 * A bounded in-memory cache of database reads. The owner clears it, or drops the entries a
 * change touches, when the database says the data changed (NOTIFY); the time limit is only
 * a safety net. Concurrent misses of one key share one load, and a load that started before
 * a clear, or before a drop that touches what it read, is never stored after it.
 */
export type ReadCache<V> = {
  get: (key: string, load: () => Promise<V>) => Promise<V>;
  clear: () => void;
  /**
   * Drops the entries `touches` picks; a load in flight is judged by the same test when it
   * ends (it may have read before the change), and is no longer shared with later misses.
   */
  drop: (touches: (key: string, value: V) => boolean) => void;
  readonly size: number;
};

type Drop<V> = { generation: number; touches: (key: string, value: V) => boolean };

export function createReadCache<V>(options: {
  maxEntries: number;
  ttlMs: number;
  /** Its label in /metrics (hits, misses, clears): a fixed word, `other` without one. */
  name?: string;
}): ReadCache<V> {
  const count = cacheCounters(options.name ?? 'other');
  // A Map keeps insertion order: re-inserting on use makes the first key the least recent.
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const loading = new Map<string, Promise<V>>();
  // Every clear or drop is a new generation. Loads in flight are counted by the generation
  // they started in; drops are kept only while a load that started before them runs.
  let generation = 0;
  let clearedIn = 0;
  let drops: Drop<V>[] = [];
  const inFlight = new Map<number, number>();

  const store = (key: string, value: V) => {
    entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  const untouched = (key: string, value: V, startedIn: number) =>
    startedIn >= clearedIn &&
    drops.every((d) => d.generation <= startedIn || !d.touches(key, value));

  const landed = (startedIn: number) => {
    const left = (inFlight.get(startedIn) ?? 1) - 1;
    if (left > 0) inFlight.set(startedIn, left);
    else inFlight.delete(startedIn);
    // Generations only grow, so the first key is the oldest load still running.
    const oldest = inFlight.keys().next().value;
    drops = oldest === undefined ? [] : drops.filter((d) => d.generation > oldest);
  };

  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now()) {
        entries.delete(key);
        entries.set(key, hit);
        count.hit();
        return Promise.resolve(hit.value);
      }
      count.miss();
      const pending = loading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      inFlight.set(startedIn, (inFlight.get(startedIn) ?? 0) + 1);
      const promise = load().then(
        (value) => {
          if (loading.get(key) === promise) loading.delete(key);
          if (untouched(key, value, startedIn)) store(key, value);
          landed(startedIn);
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          landed(startedIn);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    clear() {
      count.cleared('all');
      generation += 1;
      clearedIn = generation;
      drops = [];
      entries.clear();
      loading.clear();
    },
    drop(touches) {
      count.cleared('some');
      generation += 1;
      if (inFlight.size > 0) drops.push({ generation, touches });
      for (const [key, entry] of entries) if (touches(key, entry.value)) entries.delete(key);
      // A later miss must not join a load that may have read before this change.
      loading.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
