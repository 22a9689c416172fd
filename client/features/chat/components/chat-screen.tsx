import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { bookPath } from '../../../../domain/book-display';
import type { ChatMessage } from '../../../../domain/chat.schemas';
import { chatMessages as m } from '../../../../domain/messages/chat';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../../lib/use-session';
import {
  roomMessages,
  useChatRoom,
  useDeleteMessage,
  useReportMessage,
  useSendMessage,
} from '../api/chat';
import { useChatLive } from '../hooks/use-chat-live';
import { useChatScroll } from '../hooks/use-chat-scroll';
import { ChatComposer } from './chat-composer';
import { ChatConfirmDialog } from './chat-confirm-dialog';
import { ChatMessageItem } from './chat-message-item';

type Pending = { act: 'delete' | 'report'; message: ChatMessage } | null;

/** The server's French sentence for a refusal it explains (400, 409, 429), else `fallback`. */
function refusal(error: unknown, fallback: string): string | undefined {
  return error instanceof HttpError && [400, 409, 429].includes(error.status)
    ? error.message
    : fallback;
}

/**
 * /finished-chat/{slug}, 'Salon' (docs/architecture.md#screens): the room of a finished book. The
 * server decides who may enter: an unknown book sends the reader to /explore, an unfinished
 * one to the book page with the spec's sentence as its banner.
 */
export function ChatScreen({ slug }: { slug: string }) {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user : null;
  const navigate = useNavigate();
  const room = useChatRoom(slug);
  const book = room.data?.pages[0]?.book ?? null;
  usePageMeta({ title: book ? `${m.title} · ${book.title}` : m.title });
  useChatLive({ slug, bookId: book?.id ?? null, meId: me?.id ?? null });

  const error = room.error;
  useEffect(() => {
    if (!error) return;
    if (error instanceof HttpError && error.status === 404) {
      navigate('/explore', { replace: true });
    } else if (error instanceof HttpError && error.status === 403) {
      navigate(bookPath(slug), { replace: true, state: { accessDenied: error.message } });
    } else {
      toast.error(m.loadError);
    }
  }, [error, navigate, slug]);

  if (room.isPending) return <LoadingState text={m.loading} />;
  if (room.isError || !book) {
    const leaving = room.error instanceof HttpError && [403, 404].includes(room.error.status);
    if (leaving) return <LoadingState text={m.loading} />;
    return <ErrorState title={m.loadError} retryLabel={m.retry} onRetry={() => room.refetch()} />;
  }
  return <Room slug={slug} bookTitle={book.title} room={room} isAdmin={me?.isAdmin === true} />;
}

function Room(props: {
  slug: string;
  bookTitle: string;
  room: ReturnType<typeof useChatRoom>;
  isAdmin: boolean;
}) {
  const { slug, room } = props;
  const messages = roomMessages(room.data);
  const send = useSendMessage(slug);
  const remove = useDeleteMessage(slug);
  const report = useReportMessage();
  const [pending, setPending] = useState<Pending>(null);
  const box = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);

  const loadOlder = () => {
    if (!room.hasNextPage || room.isFetchingNextPage) return false;
    void room.fetchNextPage();
    return true;
  };
  const scroll = useChatScroll({
    box,
    firstId: messages[0]?.id,
    lastId: last?.id,
    lastIsMine: last?.mine === true,
    onNearTop: loadOlder,
  });

  async function sendMessage(content: string): Promise<boolean> {
    try {
      await send.mutateAsync(content);
      toast.success(m.sent);
      return true;
    } catch (error) {
      toast.error(m.sendError, { description: refusal(error, '') || undefined });
      return false;
    }
  }

  function confirm() {
    if (!pending) return;
    const { act, message } = pending;
    if (act === 'delete') {
      remove.mutate(message.id, {
        onSuccess: () => toast.success(m.deleted),
        onError: (error) => toast.error(refusal(error, m.deleteError)),
      });
    } else {
      report.mutate(message.id, {
        onSuccess: () => toast.success(m.reported),
        onError: (error) => toast.error(refusal(error, m.reportError)),
      });
    }
  }

  return (
    <section className="mx-auto flex max-w-3xl flex-col px-4 py-6 sm:px-6 md:py-10">
      <Link
        to={bookPath(slug)}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-full border border-ink/25 px-5 font-semibold hover:bg-paper-deep"
      >
        <ArrowLeft size={18} aria-hidden="true" />
        {m.back}
      </Link>
      <header className="mt-6">
        <h1 className="font-serif text-3xl font-semibold md:text-4xl">{m.title}</h1>
        <p className="mt-1 text-lg text-ink-soft">{props.bookTitle}</p>
      </header>

      <div className="mt-6 flex min-h-0 flex-col rounded-3xl border border-line bg-paper p-3 sm:p-4">
        {messages.length === 0 ? (
          <div className="px-4 py-16 text-center">
            <p className="text-lg font-semibold">{m.emptyTitle}</p>
            <p className="mt-2 text-ink-soft">{m.emptyText}</p>
          </div>
        ) : (
          // A log: screen readers announce the messages that arrive, politely.
          <div
            ref={box}
            role="log"
            aria-label={m.listLabel}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the focus to be scrolled by keyboard.
            tabIndex={0}
            onScroll={scroll.onScroll}
            className="h-[clamp(16rem,calc(100dvh-30rem),36rem)] overflow-y-auto overscroll-contain"
          >
            {room.hasNextPage ? (
              <div className="flex justify-center py-2">
                {room.isFetchingNextPage ? (
                  <p role="status" className="flex items-center gap-2 text-sm text-ink-soft">
                    <Spinner size={16} />
                    {m.loadingOlder}
                  </p>
                ) : (
                  <button
                    type="button"
                    onClick={() => {
                      scroll.keepPosition();
                      loadOlder();
                    }}
                    className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  >
                    {m.olderButton}
                  </button>
                )}
              </div>
            ) : null}
            <ol className="flex flex-col gap-1">
              {messages.map((message) => (
                <ChatMessageItem
                  key={message.id}
                  message={message}
                  canDelete={message.mine || props.isAdmin}
                  onDelete={(target) => setPending({ act: 'delete', message: target })}
                  onReport={(target) => setPending({ act: 'report', message: target })}
                />
              ))}
            </ol>
          </div>
        )}
        <ChatComposer send={sendMessage} />
      </div>

      <ChatConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending?.act === 'report' ? m.reportConfirmTitle : m.deleteConfirmTitle}
        text={pending?.act === 'report' ? m.reportConfirmText : m.deleteConfirmText}
        confirmLabel={pending?.act === 'report' ? m.report : m.delete}
        onConfirm={confirm}
      />
    </section>
  );
}
