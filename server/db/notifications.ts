import pg from 'pg';

/**
 * What a process hears of a NOTIFY channel: `onChange` runs for every notification, and
 * also whenever notifications may have been missed (the listening connection was lost and
 * is back), so a cache cleared on `onChange` is never left stale.
 */
export type Listener = (channel: string, onChange: () => void) => Promise<() => Promise<void>>;

const RETRY_MS = [100, 500, 1_000, 5_000];

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
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel) onChange();
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
      onChange();
      const retry = () => {
        if (stopped) return;
        connect().then(onChange, () => {
          failures += 1;
          setTimeout(retry, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]).unref();
        });
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
