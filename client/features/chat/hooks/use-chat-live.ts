import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../../../../domain/chat.schemas';
import { chatRoom } from '../../../../domain/live';
import { useLiveEvent, useLiveRoom } from '../../../lib/live';
import { appendMessage, dropMessage } from '../api/chat';

function isMessage(data: unknown): data is ChatMessage {
  const m = data as Partial<ChatMessage> | null;
  return (
    typeof m?.id === 'string' &&
    typeof m.bookId === 'string' &&
    typeof m.content === 'string' &&
    typeof m.authorId === 'string' &&
    typeof m.author?.name === 'string'
  );
}

/**
 * While the room is open, the tab's live connection receives it (the server lets in only
 * finishers, and leaves out readers blocked either way): a new message joins the end of the
 * list once (the author's own tab already has it), a removed one leaves it.
 */
export function useChatLive(options: { slug: string; bookId: string | null; meId: string | null }) {
  const { slug, bookId, meId } = options;
  const queryClient = useQueryClient();
  useLiveRoom(bookId ? chatRoom(bookId) : null);
  useLiveEvent('chat.message', (data) => {
    if (!bookId || !isMessage(data) || data.bookId !== bookId) return;
    // The event is the same for the whole room: whose it is, each tab says.
    appendMessage(queryClient, slug, { ...data, mine: data.authorId === meId });
  });
  useLiveEvent('chat.removed', (data) => {
    const id = (data as { id?: unknown } | null)?.id;
    if (typeof id === 'string') dropMessage(queryClient, slug, id);
  });
}
