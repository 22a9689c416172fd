import pg from 'pg';

/**
 * What a process hears of a NOTIFY channel: each notification's payload, or that
 * notifications may have been missed (the listening connection was lost, or is back), after
 * which whatever depends on the channel must be forgotten as a whole.
 */
export type Heard = { payload: string } | { missed: true };

/** A handler that ignores what it hears still runs on both: a cache it clears is never stale. */
export type Listener = (
  channel: string,
  onChange: (heard: Heard) => void,
) => Promise<() => Promise<void>>;

export const MISSED: Heard = Object.freeze({ missed: true });

// Capped at 1 s: once PostgreSQL is back, every process listens again (and clears what
// depends on the channel) within about a second.
const RETRY_MS = [100, 250, 500, 1_000];

/**
 * LISTEN on PostgreSQL through one dedicated connection per channel (a pool connection
 * would be handed to other queries). A lost connection is re-opened with backoff.
 */
export function postgresListener(url: string): Listener {
  return async (channel, onChange) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let failures = 0;

    const connect = async (): Promise<void> => {
      // A connection attempt into a hung server fails after 3 s and is tried again; TCP
      // keep-alive finds a listening connection whose peer vanished without a word.
      const next = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 3_000,
        keepAlive: true,
      });
      next.on('notification', (message) => {
        if (message.channel === channel) onChange({ payload: message.payload ?? '' });
      });
      next.on('error', () => reconnect(next));
      next.on('end', () => reconnect(next));
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
      client = next;
      failures = 0;
    };

    const reconnect = (lost: pg.Client) => {
      if (stopped || client !== lost) return;
      client = null;
      onChange(MISSED);
      const retry = () => {
        if (stopped) return;
        connect().then(
          () => onChange(MISSED),
          () => {
            failures += 1;
            setTimeout(retry, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]).unref();
          },
        );
      };
      setTimeout(retry, RETRY_MS[0]).unref();
    };

    await connect();
    return async () => {
      stopped = true;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    };
  };
}
