import { MessageCircleQuestionMark, PenLine } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fill } from '../../../../domain/messages/fill';
import { questionProposalsMessages as m } from '../../../../domain/messages/question-proposals';
import type { BookContributions as Contributions } from '../../../../domain/question-proposals.schemas';
import { appPaths } from '../../../../domain/screen-paths';
import { segmentPages } from '../../../../domain/segments';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { lazyChunk, useLazyChunk } from '../../../lib/lazy-chunk';
import { useBookContributions } from '../api/contributions';

// The form's dialog (Radix Dialog) comes when the reader first opens it.
const proposalDialogChunk = lazyChunk(() => import('./proposal-dialog'));

/** Preloads the form's code (the book page does it once idle). */
export const loadProposalDialog = () => proposalDialogChunk.load();

/** The review page, on one book's questions. */
export function reviewPath(bookId: string): string {
  return `${appPaths.reviewQuestions}?${new URLSearchParams({ book: bookId })}`;
}

export type BookContributionsProps = {
  book: { id: string; totalPages: number };
  /** The page's next step (the validate button or the readiness notice), given what is known. */
  nextStep: (hasQuestion: boolean | null) => ReactNode;
  /** A proposal counted the segment as read: the page refreshes what other features show. */
  onCountedAsRead?: ((bookId: string) => void) | undefined;
};

/**
 * The book page's part of decision 045, for a reader with the book in their list: when their
 * next segment has no question, the invitation to write it (instead of the validate button);
 * otherwise the page's next step, with the validate button whenever the server says the
 * segment has a question. Then their questions waiting for review, and the way to review the
 * book's others. While the offer loads, or if it fails, the page's next step as it was.
 */
export function BookContributions(props: BookContributionsProps) {
  const { book } = props;
  const contributions = useBookContributions(book.id, true);
  const data: Contributions | undefined = contributions.data;
  const next = data?.next ?? null;
  const dialog = useLazyChunk(proposalDialogChunk);
  // The segment the open form is about (kept while the offer moves on after sending).
  const [proposing, setProposing] = useState<{ segment: number; opened: number } | null>(null);
  const [open, setOpen] = useState(false);
  const proposeButton = useRef<HTMLButtonElement>(null);
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  const region = useRef<HTMLDivElement>(null);

  const openForm = async (segment: number) => {
    if (dialog.busy) return;
    const loaded = await dialog.request();
    if (!loaded) return;
    setProposing((current) => ({ segment, opened: (current?.opened ?? 0) + 1 }));
    setOpen(true);
  };
  // Back to the button; once the question is sent it is gone: to the questions waiting.
  const afterClose = () => {
    const target = [proposeButton.current, pendingHeading.current, region.current].find(
      (element) => element?.isConnected,
    );
    target?.focus();
  };

  const ProposalDialog = dialog.module?.ProposalDialog;
  return (
    <div ref={region} tabIndex={-1} className="outline-none">
      {next && !next.hasQuestion ? (
        <div className="mt-5 rounded-2xl border border-line bg-paper px-4 py-4">
          <p className="flex items-start gap-2.5">
            <PenLine size={18} aria-hidden="true" className="mt-1 shrink-0 text-accent-strong" />
            <span>{m.invitation}</span>
          </p>
          <button
            ref={proposeButton}
            type="button"
            aria-haspopup="dialog"
            {...dialog.busyProps}
            onClick={() => void openForm(next.segment)}
            className={buttonClasses({ size: 'lg', className: 'mt-4 w-full sm:w-auto' })}
          >
            {dialog.busy ? <Spinner /> : null}
            {m.proposeCta}
          </button>
        </div>
      ) : (
        props.nextStep(next ? next.hasQuestion : null)
      )}
      {data && data.pending.length > 0 ? (
        <PendingQuestions
          pending={data.pending}
          totalPages={book.totalPages}
          headingRef={pendingHeading}
        />
      ) : null}
      {data && data.reviewable > 0 ? (
        <Link
          to={reviewPath(book.id)}
          className="mt-5 inline-flex min-h-11 items-center gap-2 font-semibold text-accent-strong underline underline-offset-4"
        >
          <MessageCircleQuestionMark size={18} aria-hidden="true" className="shrink-0" />
          {fill(m.reviewFromBook, { count: formatNumber(data.reviewable) })}
        </Link>
      ) : null}
      {ProposalDialog && proposing ? (
        <ProposalDialog
          key={proposing.opened}
          open={open}
          onOpenChange={setOpen}
          bookId={book.id}
          segment={proposing.segment}
          pages={segmentPages(proposing.segment, book.totalPages)}
          onCountedAsRead={props.onCountedAsRead}
          onClosed={afterClose}
        />
      ) : null}
    </div>
  );
}

/** « Tes questions en attente »: each with its pages and the review it waits for. */
function PendingQuestions(props: {
  pending: Contributions['pending'];
  totalPages: number;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2
        ref={props.headingRef}
        id={id}
        tabIndex={-1}
        className="font-sans text-base font-semibold outline-none"
      >
        {m.pendingTitle}
      </h2>
      <ul className="mt-2 space-y-2">
        {props.pending.map((question) => (
          <li
            key={`${question.segment}-${question.question}`}
            className="rounded-2xl border border-line bg-paper px-4 py-3"
          >
            <p className="text-sm text-ink-soft">
              {fill(m.pendingPlace, segmentPages(question.segment, props.totalPages))}
            </p>
            <p className="mt-1 font-medium break-words">{question.question}</p>
            <p className="mt-1 text-sm text-ink-soft">{m.pendingMine}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
