import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  DiscussionPage,
  DiscussionPost,
  DiscussionReplies,
  DiscussionSummary,
  DiscussionThread,
} from '../../../../domain/discussions.schemas';
import { apiRequest } from '../../../lib/api-client';

// Segment discussions' requests and their cache: the book page's summary (counts, no text), and
// one infinite query per discussion whose first page is the newest threads, each next page
// older ones (?before=). Live events and the reader's own writes patch that cache in place.
// `circleId` names a reading circle's discussion of the segment (decision 056) rather than the
// book's own: `?circle=` on the requests, its own cache entries.

const enc = encodeURIComponent;

export const discussionKeys = {
  summary: (ref: string, validated: number, circleId: string | null = null) =>
    ['discussions', 'summary', ref, validated, circleId] as const,
  page: (ref: string, segment: number, circleId: string | null = null) =>
    ['discussions', 'page', ref, segment, circleId] as const,
};

/** The query string of a request: the circle's, and a page's cursor. */
function queryOf(params: Record<string, string | null | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]));
  return entries.length ? `?${new URLSearchParams(entries)}` : '';
}

/**
 * GET /api/books/:ref/discussions: every segment, open or not, with its counts. Keyed by the
 * reader's count of validated segments: a validation (a segment opening) reads it again.
 */
export function useDiscussionSummary(
  ref: string,
  validated: number,
  circleId: string | null = null,
) {
  return useQuery({
    queryKey: discussionKeys.summary(ref, validated, circleId),
    queryFn: ({ signal }) =>
      apiRequest<DiscussionSummary>(
        `/api/books/${enc(ref)}/discussions${queryOf({ circle: circleId })}`,
        { signal },
      ),
    // Counts move as readers write: read again when the book page opens again.
    staleTime: 0,
    // While a new count of segments loads, the previous list stays.
    placeholderData: (previous) => previous,
  });
}

export type DiscussionData = InfiniteData<DiscussionPage, string | undefined>;

/** A discussion, newest threads first; `fetchNextPage` brings older ones. */
export function useDiscussion(ref: string, segment: number, circleId: string | null = null) {
  return useInfiniteQuery({
    queryKey: discussionKeys.page(ref, segment, circleId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DiscussionPage>(
        `/api/books/${enc(ref)}/discussions/${segment}${queryOf({ before: pageParam, circle: circleId })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Live events reach only an open discussion: one opened again is read again.
    staleTime: 0,
  });
}

/** Every thread shown, newest first. */
export function threadsOf(
  data: InfiniteData<DiscussionPage, unknown> | undefined,
): DiscussionThread[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}

type Patch = (thread: DiscussionThread) => DiscussionThread | null;

/** Applies `patch` to every thread of the discussion (null drops the thread). */
function patchThreads(client: QueryClient, key: readonly unknown[], patch: Patch) {
  client.setQueryData<DiscussionData>(key, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.flatMap((thread) => {
          const next = patch(thread);
          return next ? [next] : [];
        }),
      })),
    };
  });
}

/**
 * A post joins the discussion once (live and the author's own answer both bring it): a new
 * thread on top, or a reply at the end of its thread when the thread shows all its replies
 * (otherwise only its count moves, and « Afficher les réponses suivantes » brings it).
 */
export function addPost(client: QueryClient, key: readonly unknown[], post: DiscussionPost) {
  const data = client.getQueryData<DiscussionData>(key);
  if (!data) return;
  const known = data.pages.some((page) =>
    page.items.some((t) => t.id === post.id || t.replies.some((r) => r.id === post.id)),
  );
  if (known) return;
  if (post.parentId === null) {
    const [first, ...rest] = data.pages;
    if (!first) return;
    const thread: DiscussionThread = { ...post, replies: [], replyCount: 0 };
    client.setQueryData<DiscussionData>(key, {
      ...data,
      pages: [{ ...first, items: [thread, ...first.items] }, ...rest],
    });
    return;
  }
  patchThreads(client, key, (thread) => {
    if (thread.id !== post.parentId) return thread;
    const complete = thread.replies.length >= thread.replyCount;
    return {
      ...thread,
      replyCount: thread.replyCount + 1,
      replies: complete ? [...thread.replies, post] : thread.replies,
    };
  });
}

/**
 * A post leaves the discussion: a reply leaves its thread; a post with replies stays as
 * « Message supprimé », one without goes (and so does a removed post whose last reply goes).
 */
export function removePost(
  client: QueryClient,
  key: readonly unknown[],
  removed: { id: string; parentId: string | null },
) {
  patchThreads(client, key, (thread) => {
    if (thread.id === removed.id) {
      if (thread.replyCount === 0) return null;
      return { ...thread, removed: true, content: null, author: null, mine: false };
    }
    if (!thread.replies.some((r) => r.id === removed.id) && thread.id !== removed.parentId) {
      return thread;
    }
    const replies = thread.replies.filter((r) => r.id !== removed.id);
    const replyCount = Math.max(0, thread.replyCount - 1);
    if (thread.removed && replyCount === 0) return null;
    return { ...thread, replies, replyCount };
  });
}

/** Sets a post's Booky count and the reader's own Booky, wherever it is shown. */
export function setBookys(
  client: QueryClient,
  key: readonly unknown[],
  id: string,
  bookys: { bookys: number; bookedByMe: boolean },
) {
  patchThreads(client, key, (thread) => ({
    ...(thread.id === id ? { ...thread, ...bookys } : thread),
    replies: thread.replies.map((r) => (r.id === id ? { ...r, ...bookys } : r)),
  }));
}

/** Appends a page of a thread's replies (« Afficher les réponses suivantes »). */
export function addReplies(
  client: QueryClient,
  key: readonly unknown[],
  parentId: string,
  replies: DiscussionPost[],
) {
  patchThreads(client, key, (thread) => {
    if (thread.id !== parentId) return thread;
    const known = new Set(thread.replies.map((r) => r.id));
    return { ...thread, replies: [...thread.replies, ...replies.filter((r) => !known.has(r.id))] };
  });
}

/** POST /api/books/:ref/discussions/:segment { content, parentId? }. */
export function useWritePost(ref: string, segment: number, circleId: string | null = null) {
  const client = useQueryClient();
  const key = discussionKeys.page(ref, segment, circleId);
  return useMutation({
    mutationFn: (input: { content: string; parentId: string | null }) =>
      apiRequest<DiscussionPost>(
        `/api/books/${enc(ref)}/discussions/${segment}${queryOf({ circle: circleId })}`,
        {
          method: 'POST',
          body: input.parentId ? input : { content: input.content },
        },
      ),
    onSuccess: (post) => addPost(client, key, post),
  });
}

/** The replies of a thread after the last one shown. */
export function useMoreReplies(ref: string, segment: number, circleId: string | null = null) {
  const client = useQueryClient();
  const key = discussionKeys.page(ref, segment, circleId);
  return useMutation({
    mutationFn: async (thread: DiscussionThread) => {
      let after: string | undefined;
      const all: DiscussionPost[] = [];
      // From the first reply: the cursor of the last one shown is the server's to give.
      do {
        const page = await apiRequest<DiscussionReplies>(
          `/api/discussions/posts/${enc(thread.id)}/replies${after ? `?after=${enc(after)}` : ''}`,
        );
        all.push(...page.items);
        after = page.nextCursor ?? undefined;
      } while (after && all.length < thread.replyCount);
      return { parentId: thread.id, replies: all };
    },
    onSuccess: ({ parentId, replies }) => addReplies(client, key, parentId, replies),
  });
}

/** PUT or DELETE /api/discussions/posts/:id/booky. */
export function useBooky(ref: string, segment: number, circleId: string | null = null) {
  const client = useQueryClient();
  const key = discussionKeys.page(ref, segment, circleId);
  return useMutation({
    mutationFn: ({ id, give }: { id: string; give: boolean }) =>
      apiRequest<{ bookys: number; bookedByMe: boolean }>(
        `/api/discussions/posts/${enc(id)}/booky`,
        { method: give ? 'PUT' : 'DELETE' },
      ),
    onSuccess: (answer, { id }) => setBookys(client, key, id, answer),
  });
}

/** DELETE /api/discussions/posts/:id (one's own; an administrator's, anyone's). */
export function useDeletePost(ref: string, segment: number, circleId: string | null = null) {
  const client = useQueryClient();
  const key = discussionKeys.page(ref, segment, circleId);
  return useMutation({
    mutationFn: (post: DiscussionPost) =>
      apiRequest<{ removed: true }>(`/api/discussions/posts/${enc(post.id)}`, {
        method: 'DELETE',
      }),
    onSuccess: (_answer, post) => removePost(client, key, post),
  });
}

/** POST /api/discussions/posts/:id/report. */
export function useReportPost() {
  return useMutation({
    mutationFn: (post: DiscussionPost) =>
      apiRequest<{ reported: true }>(`/api/discussions/posts/${enc(post.id)}/report`, {
        method: 'POST',
      }),
  });
}
