import { LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { questionProposalsMessages as m } from '../../../../domain/messages/question-proposals';
import { signInPath } from '../../../../domain/return-path';
import { appPaths } from '../../../../domain/screen-paths';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClasses } from '../../../components/ui/button-styles';
import { LoadingState } from '../../../components/ui/loading-state';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/use-session';
import { useReviewQueue } from '../api/review-queue';
import { ReviewCard, type Verdict } from './review-card';

const bookIdSchema = z.uuid();

/**
 * /review-questions « Relire des questions » (decision 045): the questions other readers
 * proposed on segments the reader has read, oldest first, 20 at a time ('Afficher plus');
 * `?book=<id>` keeps one book's. A visitor is asked to sign in, and comes back here after.
 */
export function ReviewQuestionsScreen() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingState text={m.reviewLoading} />;
  return (
    <div className="mx-auto max-w-3xl px-5 py-8 md:px-6 md:py-12">
      <h1 className="font-serif text-3xl font-semibold md:text-4xl">{m.reviewTitle}</h1>
      {session.status === 'signed-in' ? (
        <ReviewQueueView />
      ) : (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-paper-deep/60 p-5 sm:flex-row sm:items-center md:p-6">
          <p className="flex-1">{m.reviewSignIn}</p>
          <ButtonLink to={signInPath(location)} className="shrink-0">
            <LogIn size={18} aria-hidden="true" />
            {m.signIn}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

function ReviewQueueView() {
  const [params] = useSearchParams();
  const requested = params.get('book');
  // A wrong id is no filter (the server would refuse it).
  const bookId = requested && bookIdSchema.safeParse(requested).success ? requested : null;
  const queue = useReviewQueue(bookId);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];

  // The status of the last verdict; its key makes a repeated text a new announcement.
  const [status, setStatus] = useState<{ text: string; key: number } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLParagraphElement>(null);
  // After a verdict, focus goes to the question now at that place (or the one before, or the
  // lead when none is left), once it has left the list; after 'Afficher plus', to the first
  // new one, once it is there.
  const focusAt = useRef<{ index: number; length: number } | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    const more = at.index === at.length;
    if (more && items.length <= at.length) {
      // Still on its way; or it failed (its error says so) or brought nothing: focus stays.
      if (!queue.isFetchingNextPage) focusAt.current = null;
      return;
    }
    if (!more && items.length >= at.length) return;
    focusAt.current = null;
    const cards = listRef.current?.querySelectorAll<HTMLElement>('[data-review-card]') ?? [];
    const card = cards[Math.min(at.index, cards.length - 1)];
    (card ?? headingRef.current)?.focus();
  });

  const reviewed = (index: number, verdict: Verdict) => {
    focusAt.current = { index, length: items.length };
    setStatus((current) => ({
      text: verdict === 'approve' ? m.approved : m.rejected,
      key: (current?.key ?? 0) + 1,
    }));
  };

  return (
    <>
      <p ref={headingRef} tabIndex={-1} className="mt-3 text-lg text-ink-soft outline-none">
        {m.reviewLead}
      </p>
      {bookId ? (
        <Link
          to={appPaths.reviewQuestions}
          className="mt-3 inline-flex min-h-11 items-center font-semibold text-accent-strong underline underline-offset-4"
        >
          {m.reviewAllBooks}
        </Link>
      ) : null}
      {/* Always there (a region that appears is not always read), empty until a verdict. */}
      <p role="status" className={status ? 'mt-4 font-medium text-accent-strong' : undefined}>
        {status ? <span key={status.key}>{status.text}</span> : null}
      </p>
      {queue.data === undefined ? (
        queue.isError ? (
          <LoadFailed onRetry={() => void queue.refetch()} />
        ) : (
          <Skeleton />
        )
      ) : (
        <>
          {items.length === 0 && !queue.hasNextPage ? (
            <p className="mt-8 rounded-2xl border border-line bg-paper-deep/60 p-5">
              {m.reviewEmpty}
            </p>
          ) : (
            <ul ref={listRef} className="mt-6 space-y-5">
              {items.map((item, index) => (
                <li key={item.id}>
                  <ReviewCard item={item} onReviewed={(verdict) => reviewed(index, verdict)} />
                </li>
              ))}
            </ul>
          )}
          {queue.isFetchNextPageError ? (
            <LoadFailed onRetry={() => void queue.fetchNextPage()} />
          ) : queue.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                aria-busy={queue.isFetchingNextPage || undefined}
                aria-disabled={queue.isFetchingNextPage || undefined}
                onClick={() => {
                  if (queue.isFetchingNextPage) return;
                  focusAt.current = { index: items.length, length: items.length };
                  void queue.fetchNextPage();
                }}
                className={buttonClasses({ variant: 'secondary' })}
              >
                {queue.isFetchingNextPage ? <Spinner /> : null}
                {m.loadMore}
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

/** Three grey cards the size of a question while the queue loads. */
function Skeleton() {
  return (
    <div role="status" className="mt-6 space-y-5">
      <span className="sr-only">{m.reviewLoading}</span>
      {[0, 1, 2].map((n) => (
        <div key={n} aria-hidden="true" className="h-56 animate-pulse rounded-3xl bg-paper-deep" />
      ))}
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mt-6 flex flex-col items-start gap-4 rounded-2xl border border-accent/40 bg-accent-soft p-5"
    >
      <p className="font-medium text-accent-strong">{m.reviewLoadError}</p>
      <button type="button" onClick={onRetry} className={buttonClasses({ variant: 'secondary' })}>
        {m.retry}
      </button>
    </div>
  );
}
