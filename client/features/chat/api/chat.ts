import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { ChatMessage, ChatPage } from '../../../../domain/chat.schemas';
import { apiRequest } from '../../../lib/api-client';

// The finished-book chat's requests and its cache: one infinite query per room, whose first
// page is the latest messages and each next page older ones (?before=).

/** The room of a book, as the query cache keys it. */
export const chatRoomKey = (slug: string) => ['chat', slug] as const;

/** GET /api/books/:slug/chat: the book and a page of messages, oldest to newest. */
export function getChatPage(options: {
  slug: string;
  before?: string | undefined;
  signal?: AbortSignal;
}): Promise<ChatPage> {
  const query = options.before ? `?before=${encodeURIComponent(options.before)}` : '';
  return apiRequest(`/api/books/${encodeURIComponent(options.slug)}/chat${query}`, {
    signal: options.signal,
  });
}

/** POST /api/books/:slug/chat { content }. */
export function postChatMessage({ slug, content }: { slug: string; content: string }) {
  return apiRequest<ChatMessage>(`/api/books/${encodeURIComponent(slug)}/chat`, {
    method: 'POST',
    body: { content },
  });
}

/** DELETE /api/chat/messages/:id (one's own; an administrator's, anyone's). */
export function deleteChatMessage(id: string) {
  return apiRequest<{ removed: true }>(`/api/chat/messages/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** POST /api/chat/messages/:id/report. */
export function reportChatMessage(id: string) {
  return apiRequest<{ reported: true }>(`/api/chat/messages/${encodeURIComponent(id)}/report`, {
    method: 'POST',
  });
}

export type ChatRoomData = InfiniteData<ChatPage, string | undefined>;

/** A room, latest page first; `fetchNextPage` brings older messages. Never retried on 403/404. */
export function useChatRoom(slug: string) {
  return useInfiniteQuery({
    queryKey: chatRoomKey(slug),
    queryFn: ({ pageParam, signal }) => getChatPage({ slug, before: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Live events reach only an open room: a room opened again is read again.
    staleTime: 0,
  });
}

/** Every message of the room, oldest first (older pages come later in `pages`). */
export function roomMessages(data: InfiniteData<ChatPage, unknown> | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.items);
}

/** Adds a message at the end of the room, unless it is already there (live and own post). */
export function appendMessage(queryClient: QueryClient, slug: string, message: ChatMessage) {
  queryClient.setQueryData<ChatRoomData>(chatRoomKey(slug), (data) => {
    const latest = data?.pages[0];
    if (!data || !latest) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    return {
      ...data,
      pages: [{ ...latest, items: [...latest.items, message] }, ...data.pages.slice(1)],
    };
  });
}

/** Takes a message out of the room wherever it is. */
export function dropMessage(queryClient: QueryClient, slug: string, id: string) {
  queryClient.setQueryData<ChatRoomData>(chatRoomKey(slug), (data) => {
    if (!data?.pages.some((page) => page.items.some((item) => item.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== id),
      })),
    };
  });
}

/** Posts a message; once written it joins the room at once (the live copy is then ignored). */
export function useSendMessage(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postChatMessage({ slug, content }),
    onSuccess: (message) => appendMessage(queryClient, slug, message),
  });
}

/** Deletes a message, which leaves the room at once. */
export function useDeleteMessage(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatMessage,
    onSuccess: (_answer, id) => dropMessage(queryClient, slug, id),
  });
}

/** Reports a message to the administrators. */
export function useReportMessage() {
  return useMutation({ mutationFn: reportChatMessage });
}
