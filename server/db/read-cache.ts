/**
 * A bounded in-memory cache of database reads, for data every reader sees alike (the
 * catalogue). The owner clears it when the database says the data changed (NOTIFY); the
 * time limit is only a safety net. Concurrent misses of one key share one load, and a
 * load that started before a clear is never stored after it.
 */
export type ReadCache<V> = {
  get: (key: string, load: () => Promise<V>) => Promise<V>;
  clear: () => void;
  readonly size: number;
};

export function createReadCache<V>(options: { maxEntries: number; ttlMs: number }): ReadCache<V> {
  // A Map keeps insertion order: re-inserting on use makes the first key the least recent.
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const loading = new Map<string, Promise<V>>();
  let generation = 0;

  const store = (key: string, value: V) => {
    entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now()) {
        entries.delete(key);
        entries.set(key, hit);
        return Promise.resolve(hit.value);
      }
      const pending = loading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const promise = load().then(
        (value) => {
          if (loading.get(key) === promise) loading.delete(key);
          if (startedIn === generation) store(key, value);
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    clear() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
