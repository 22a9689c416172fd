import type { LiveKind } from '../../../domain/live';
import type { Db } from '../../db/client';
import { liveEvents } from './live.table';

/** One reader's tabs, or everyone subscribed to a room (`chat:<book id>`). */
export type LiveAudience = { reader: string } | { room: string };

/**
 * Pushes an event to its audience's open tabs on every process. Call it with the
 * transaction that makes the event true: it is sent when (and only if) that commits.
 */
export async function publishLive(
  tx: Pick<Db, 'insert'>,
  to: LiveAudience,
  kind: LiveKind,
  data: unknown,
): Promise<void> {
  await publishLiveEach(tx, [{ to, kind, data }]);
}

export type LiveMessage = { to: LiveAudience; kind: LiveKind; data: unknown };

/** Several events in one statement (a notification to each of a reader's followers). */
export async function publishLiveEach(
  tx: Pick<Db, 'insert'>,
  messages: LiveMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(liveEvents).values(
    messages.map(({ to, kind, data }) => ({
      readerId: 'reader' in to ? to.reader : null,
      room: 'room' in to ? to.room : null,
      kind,
      data,
    })),
  );
}
