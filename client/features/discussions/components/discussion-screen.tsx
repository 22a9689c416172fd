import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { bookPath } from '../../../../domain/book-display';
import { circlePath } from '../../../../domain/circles';
import type { DiscussionPost, DiscussionThread } from '../../../../domain/discussions.schemas';
import { circleMessages } from '../../../../domain/messages/circles';
import { discussionMessages as m } from '../../../../domain/messages/discussions';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../../lib/use-session';
import {
  threadsOf,
  useBooky,
  useDeletePost,
  useDiscussion,
  useMoreReplies,
  useReportPost,
  useWritePost,
} from '../api/discussions';
import { useDiscussionLive } from '../hooks/use-discussion-live';
import { DiscussionComposer } from './discussion-composer';
import { DiscussionPostItem, type PostActions } from './discussion-post-item';

type Pending = { act: 'delete' | 'report'; post: DiscussionPost } | null;

/** The server's French sentence for a refusal it explains (400, 404, 409, 429), else `fallback`. */
function refusal(error: unknown, fallback: string): string {
  return error instanceof HttpError && [400, 403, 404, 409, 429].includes(error.status)
    ? error.message
    : fallback;
}

/**
 * /books/{slug}/discussions/{segment} (docs/architecture.md#screens): a segment's discussion for
 * a reader who validated it; with `circleId` (?cercle=), that reading circle's discussion of it,
 * for its members (decision 056). The server decides who may read: a refusal sends the reader
 * back to the book page with its sentence as the banner (to the circle's page, with it in a
 * toast).
 */
export function DiscussionScreen({
  bookRef,
  segment,
  circleId = null,
}: {
  bookRef: string;
  segment: number;
  circleId?: string | null;
}) {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user : null;
  const navigate = useNavigate();
  const discussion = useDiscussion(bookRef, segment, circleId);
  const first = discussion.data?.pages[0] ?? null;
  const title = first ? fill(m.titleOf, first.pages) : m.title;
  usePageMeta({ title: first ? `${title} · ${first.book.title}` : title });
  useDiscussionLive({
    bookRef,
    bookId: first?.book.id ?? null,
    segment,
    meId: me?.id ?? null,
    circleId,
  });

  const error = discussion.error;
  const refused = error instanceof HttpError && [403, 404].includes(error.status);
  useEffect(() => {
    if (!error) return;
    if (refused && circleId) {
      toast.error(error.message);
      navigate(circlePath(circleId), { replace: true });
    } else if (refused) {
      navigate(bookPath(bookRef), { replace: true, state: { accessDenied: error.message } });
    } else {
      toast.error(m.loadError);
    }
  }, [error, refused, navigate, bookRef, circleId]);

  if (discussion.isPending || refused) return <LoadingState text={m.loading} />;
  if (discussion.isError || !first) {
    return (
      <ErrorState title={m.loadError} retryLabel={m.retry} onRetry={() => discussion.refetch()} />
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <Link
        to={circleId ? circlePath(circleId) : bookPath(first.book.slug)}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ink/25 px-5 font-semibold hover:bg-paper-deep"
      >
        <ArrowLeft size={18} aria-hidden="true" />
        {circleId ? circleMessages.backToCircle : m.back}
      </Link>
      <header className="mt-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent-strong">
          {fill(m.segmentLabel, { segment })}
        </p>
        <h1 className="mt-1 font-serif text-3xl font-semibold text-balance md:text-4xl">{title}</h1>
        <p className="mt-1 text-lg text-ink-soft">{first.book.title}</p>
        {circleId ? (
          <p className="mt-1 text-sm font-semibold text-ink-soft">
            {circleMessages.discussionOfCircle}
          </p>
        ) : null}
      </header>
      <Threads
        bookRef={bookRef}
        segment={segment}
        circleId={circleId}
        discussion={discussion}
        isAdmin={me?.isAdmin === true}
      />
    </section>
  );
}

function Threads(props: {
  bookRef: string;
  segment: number;
  circleId: string | null;
  discussion: ReturnType<typeof useDiscussion>;
  isAdmin: boolean;
}) {
  const { bookRef, segment, circleId, discussion } = props;
  const threads = threadsOf(discussion.data);
  const write = useWritePost(bookRef, segment, circleId);
  const booky = useBooky(bookRef, segment, circleId);
  const remove = useDeletePost(bookRef, segment, circleId);
  const report = useReportPost();
  const more = useMoreReplies(bookRef, segment, circleId);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  async function send(content: string, parentId: string | null): Promise<boolean> {
    try {
      await write.mutateAsync({ content, parentId });
      toast.success(m.sent);
      if (parentId) setReplyTo(null);
      return true;
    } catch (error) {
      toast.error(m.sendError, { description: refusal(error, '') || undefined });
      return false;
    }
  }

  function confirm() {
    if (!pending) return;
    const { act, post } = pending;
    setPending(null);
    if (act === 'delete') {
      remove.mutate(post, {
        onSuccess: () => toast.success(m.deleted),
        onError: (error) => toast.error(refusal(error, m.deleteError)),
      });
    } else {
      report.mutate(post, {
        onSuccess: () => toast.success(m.reported),
        onError: (error) => toast.error(refusal(error, m.reportError)),
      });
    }
  }

  const actions: PostActions = {
    isAdmin: props.isAdmin,
    onBooky: (post) =>
      booky.mutate(
        { id: post.id, give: !post.bookedByMe },
        { onError: (error) => toast.error(refusal(error, m.bookyError)) },
      ),
    onDelete: (post) => setPending({ act: 'delete', post }),
    onReport: (post) => setPending({ act: 'report', post }),
  };

  return (
    <>
      <div className="mt-6 rounded-3xl border border-line bg-paper p-4 sm:p-5">
        <DiscussionComposer
          send={(content) => send(content, null)}
          label={m.inputLabel}
          placeholder={m.placeholder}
          submitLabel={m.send}
        />
      </div>
      {threads.length === 0 ? (
        <div className="px-4 py-16 text-center">
          <p className="text-lg font-semibold">{m.emptyTitle}</p>
          <p className="mt-2 text-ink-soft">{m.emptyText}</p>
        </div>
      ) : (
        // A log: screen readers announce the posts that arrive, politely.
        <div role="log" aria-label={m.listLabel} className="mt-6">
          <ol className="flex flex-col gap-4">
            {threads.map((thread) => (
              <ThreadItem
                key={thread.id}
                thread={thread}
                actions={{ ...actions, onReply: (post) => setReplyTo(post.id) }}
                replying={replyTo === thread.id}
                onCancelReply={() => setReplyTo(null)}
                sendReply={(content) => send(content, thread.id)}
                loadingMore={more.isPending && more.variables?.id === thread.id}
                onMore={() =>
                  more.mutate(thread, {
                    onError: (error) => toast.error(refusal(error, m.loadError)),
                  })
                }
              />
            ))}
          </ol>
        </div>
      )}
      {discussion.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            disabled={discussion.isFetchingNextPage}
            onClick={() => void discussion.fetchNextPage()}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {discussion.isFetchingNextPage ? <Spinner size={16} /> : null}
            {discussion.isFetchingNextPage ? m.loadingMore : m.moreThreads}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending?.act === 'report' ? m.reportConfirmTitle : m.deleteConfirmTitle}
        text={pending?.act === 'report' ? m.reportConfirmText : m.deleteConfirmText}
        confirmLabel={pending?.act === 'report' ? m.report : m.delete}
        cancelLabel={m.cancel}
        destructive={pending?.act === 'delete'}
        onConfirm={confirm}
      />
    </>
  );
}

function ThreadItem(props: {
  thread: DiscussionThread;
  actions: PostActions;
  replying: boolean;
  onCancelReply: () => void;
  sendReply: (content: string) => Promise<boolean>;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const { thread, actions } = props;
  const hiddenReplies = thread.replyCount - thread.replies.length;
  const name = thread.author?.name ?? '';
  return (
    <li className="rounded-3xl border border-line bg-paper p-4 sm:p-5">
      <DiscussionPostItem post={thread} actions={actions} />
      {thread.replies.length > 0 ? (
        <ol
          aria-label={fill(m.repliesLabel, { name: name || m.removedPost })}
          className="mt-3 flex flex-col gap-3 border-l-2 border-line pl-3 sm:ml-12 sm:pl-4"
        >
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <DiscussionPostItem post={reply} actions={{ ...actions, onReply: undefined }} />
            </li>
          ))}
        </ol>
      ) : null}
      {hiddenReplies > 0 ? (
        <button
          type="button"
          disabled={props.loadingMore}
          onClick={props.onMore}
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'mt-2 sm:ml-12' })}
        >
          {props.loadingMore ? <Spinner size={16} /> : null}
          {fill(m.moreReplies, { count: hiddenReplies })}
        </button>
      ) : null}
      {props.replying && !thread.removed ? (
        <div className="mt-3 sm:ml-12">
          <DiscussionComposer
            send={props.sendReply}
            label={fill(m.replyLabel, { name })}
            placeholder={m.replyPlaceholder}
            submitLabel={m.sendReply}
            autoFocus
            onCancel={props.onCancelReply}
          />
        </div>
      ) : null}
    </li>
  );
}
