import { useQueryClient } from '@tanstack/react-query';
import type { DiscussionPost } from '../../../../domain/discussions.schemas';
import { discussionRoom } from '../../../../domain/live';
import { useLiveEvent, useLiveRoom } from '../../../lib/live';
import { addPost, discussionKeys, removePost } from '../api/discussions';

function isPost(data: unknown): data is DiscussionPost {
  const p = data as Partial<DiscussionPost> | null;
  return (
    typeof p?.id === 'string' &&
    typeof p.bookId === 'string' &&
    typeof p.segment === 'number' &&
    (p.parentId === null || typeof p.parentId === 'string')
  );
}

/**
 * While a discussion is open, the tab's live stream receives its room (the server lets in only
 * readers who validated the segment, and leaves out readers blocked either way): a new post or
 * reply joins once (the author's tab already has it), a removed one leaves.
 */
export function useDiscussionLive(options: {
  bookRef: string;
  bookId: string | null;
  segment: number;
  meId: string | null;
  /** A reading circle's discussion of the segment, its own room (decision 056). */
  circleId?: string | null;
}) {
  const { bookRef, bookId, segment, meId } = options;
  const circleId = options.circleId ?? null;
  const client = useQueryClient();
  const key = discussionKeys.page(bookRef, segment, circleId);
  useLiveRoom(bookId ? discussionRoom(bookId, segment, circleId) : null);
  useLiveEvent('discussion.post', (data) => {
    if (!bookId || !isPost(data) || data.bookId !== bookId || data.segment !== segment) return;
    // The event is the same for the whole room: whose it is, each tab says.
    addPost(client, key, { ...data, mine: data.author?.id === meId });
  });
  useLiveEvent('discussion.removed', (data) => {
    const removed = data as { id?: unknown; parentId?: unknown } | null;
    if (typeof removed?.id !== 'string') return;
    const parentId = typeof removed.parentId === 'string' ? removed.parentId : null;
    removePost(client, key, { id: removed.id, parentId });
  });
}
