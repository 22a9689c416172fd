import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { LiveKind } from '../../../domain/live';
import type { Db } from '../../db/client';
import { liveEvents } from './live.table';

export type StoredLiveEvent = {
  id: number;
  readerId: string | null;
  room: string | null;
  kind: LiveKind;
  data: unknown;
};

/** How long events are kept for replay; a tab away longer reloads what it shows. */
export const LIVE_RETENTION_HOURS = 24;
/** Events replayed at most on one reconnection; more means "reload" (a resync). */
export const REPLAY_LIMIT = 500;

const columns = {
  id: liveEvents.id,
  readerId: liveEvents.readerId,
  room: liveEvents.room,
  kind: liveEvents.kind,
  data: liveEvents.data,
};

export function createLiveRepository({ db }: { db: Db }) {
  return {
    /** One event by id: for a payload too large for NOTIFY, said without its data. */
    async find(id: number): Promise<StoredLiveEvent | null> {
      const [row] = await db.select(columns).from(liveEvents).where(eq(liveEvents.id, id));
      return row ?? null;
    },

    /**
     * What a reconnecting tab missed: its reader's events and its room's from `fromId` on,
     * oldest first, up to REPLAY_LIMIT + 1 (one more says "too many"). `complete` is false
     * when events after `seenId` (the tab's Last-Event-ID) may have been purged already: the
     * oldest kept comes later, or none is kept though the sequence went past it.
     */
    async after(
      readerId: string,
      room: string | null,
      { fromId, seenId }: { fromId: number; seenId: number },
    ): Promise<{ events: StoredLiveEvent[]; complete: boolean }> {
      const audience = room
        ? or(eq(liveEvents.readerId, readerId), eq(liveEvents.room, room))
        : eq(liveEvents.readerId, readerId);
      const [events, bounds] = await Promise.all([
        db
          .select(columns)
          .from(liveEvents)
          .where(and(gt(liveEvents.id, fromId), audience))
          .orderBy(asc(liveEvents.id))
          .limit(REPLAY_LIMIT + 1),
        db.execute<{ oldest: string | null; issued: string }>(
          sql`select (select min(id) from ${liveEvents}) as oldest,
            (select last_value from live_events_id_seq) as issued`,
        ),
      ]);
      const { oldest, issued } = bounds.rows[0] ?? { oldest: null, issued: '0' };
      const complete = oldest === null ? Number(issued) <= seenId : Number(oldest) <= seenId + 1;
      return { events, complete };
    },

    /** The newest id: a tab's starting point when it has none yet. */
    async lastId(): Promise<number> {
      const [row] = await db
        .select({ id: sql<number | null>`max(${liveEvents.id})` })
        .from(liveEvents);
      return row?.id == null ? 0 : Number(row.id);
    },

    /** Deletes what is older than the retention (a scheduled job). */
    async purge(now: Date): Promise<void> {
      const before = new Date(now.getTime() - LIVE_RETENTION_HOURS * 3600_000);
      await db.delete(liveEvents).where(lt(liveEvents.createdAt, before));
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
