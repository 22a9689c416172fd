import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { LIVE_CONTROL, LIVE_KINDS } from '../../domain/live';
import { liveHub } from '../lib/live';
import { useSession } from '../lib/use-session';

/**
 * The tab's one live stream (GET /api/live, Server-Sent Events), open while a reader is
 * signed in. EventSource reconnects by itself with Last-Event-ID; a new room opens a new
 * stream that says where the last one was (`after`). A `resync` (events lost beyond
 * replay) reloads every query, since any of them may show what was missed.
 */
export function LiveConnection() {
  const session = useSession();
  const readerId = session.status === 'signed-in' ? session.user.id : null;
  const room = useSyncExternalStore(liveHub.watchRoom, liveHub.room, liveHub.room);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!readerId || typeof EventSource === 'undefined') return;
    const url = new URL('/api/live', window.location.origin);
    if (room) url.searchParams.set('room', room);
    const after = liveHub.lastId();
    if (after) url.searchParams.set('after', after);
    const source = new EventSource(url);
    for (const name of [...LIVE_KINDS, ...LIVE_CONTROL]) {
      source.addEventListener(name, (event) => {
        const { data, lastEventId } = event as MessageEvent<string>;
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(data);
        } catch {
          return;
        }
        if (name === 'resync') void queryClient.invalidateQueries();
        liveHub.emit(name, parsed, lastEventId || null);
      });
    }
    return () => source.close();
  }, [readerId, room, queryClient]);

  // A reader who signs out leaves nothing behind for the next one on this tab.
  useEffect(() => {
    if (!readerId) return;
    return () => liveHub.reset();
  }, [readerId]);

  return null;
}
