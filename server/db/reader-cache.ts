import { type PreparedBody, prepareText } from '../plugins/prepared-body';
import type { Heard, Listener } from './notifications';
import { createReadCache } from './read-cache';

/** The channel of migration 0035's triggers: whose rows changed ('r:<id>', 'u:<id>'). */
export const READERS_CHANNEL = 'lisons_readers';

// Every local midnight falls on a quarter hour of UTC (zones are whole, half or quarter hours
// off): a page keyed by its quarter hour is never served past the reader's day, whose
// streak, goal and "today" it may show, without knowing their time zone.
const QUARTER_HOUR_MS = 15 * 60_000;

/** Pages of one reader, named by what they hold ('reading-list', 'book:<id>'…). */
export type ReaderPages = {
  /**
   * The reader's page `what`: from memory, else `load`ed (the answer's JSON text) and kept
   * until a change to that reader's rows (or the catalogue) drops it.
   */
  page: (readerId: string, what: string, load: () => Promise<string>) => Promise<PreparedBody>;
  /** Drops a reader's pages at once (their own write, in the writing process). */
  forget: (readerId: string) => void;
  /** Drops every page (a catalogue change: every card and title may differ). */
  clear: () => void;
  /**
   * Starts dropping on NOTIFY: a reader's pages on READERS_CHANNEL, every page on each of
   * `clearedBy` (the catalogue's: every card and title may differ). Returns the unlisten.
   */
  listen: (listen: Listener, clearedBy: string[]) => Promise<() => Promise<void>>;
  readonly size: number;
};

/**
 * What a signed-in reader reads on every visit, in memory per process (decision 049): the
 * answers of their reading list, book pages, goal, bell and achievements, ready to send. The
 * database says whose rows changed (READERS_CHANNEL), so every process drops that reader's
 * pages, and the writing process drops them at once, before it answers (app.ts): a reader
 * sees their own write on their next request. Nothing is shared between readers: a page's
 * key starts with its reader's id, and only that reader's requests ask for it.
 */
export function createReaderPages(
  options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {},
): ReaderPages {
  const now = options.now ?? Date.now;
  const cache = createReadCache<PreparedBody>({
    name: 'readers',
    // About 30 kB per reader for the five pages: ~60 MB at most.
    maxEntries: options.maxEntries ?? 10_000,
    // A safety net only: NOTIFY drops pages, and the quarter hour renews them.
    ttlMs: options.ttlMs ?? QUARTER_HOUR_MS,
  });
  const prefix = (readerId: string) => `${readerId}|`;
  const forget = (readerId: string) => {
    const start = prefix(readerId);
    cache.drop((key) => key.startsWith(start));
  };
  const heard = (heard: Heard) => {
    if ('missed' in heard) return cache.clear();
    const [kind, id] = heard.payload.split(':');
    if (kind === 'r' && id) return forget(id);
    if (kind === 'u' && id) {
      // Another reader's name or photo shows in the bells that list them as an actor.
      const start = prefix(id);
      return cache.drop((key) => key.startsWith(start) || key.endsWith('|notifications'));
    }
    cache.clear(); // a truncate, or a payload this version does not know
  };
  return {
    page(readerId, what, load) {
      const quarter = Math.floor(now() / QUARTER_HOUR_MS);
      return cache.get(`${prefix(readerId)}${quarter}|${what}`, async () =>
        prepareText(await load()),
      );
    },
    forget,
    clear: cache.clear,
    async listen(listen, clearedBy) {
      const unlisten = [
        await listen(READERS_CHANNEL, heard),
        ...(await Promise.all(clearedBy.map((channel) => listen(channel, () => cache.clear())))),
      ];
      return async () => {
        await Promise.all(unlisten.map((stop) => stop()));
      };
    },
    get size() {
      return cache.size;
    },
  };
}
