import { Info, LogIn, PartyPopper } from 'lucide-react';
import { useLocation } from 'react-router';
import { finishedChatPath } from '../../../../domain/book-display';
import type { BookDetail, ReadingProgressView } from '../../../../domain/books.schemas';
import type { DeviceReading } from '../../../../domain/kosync.schemas';
import { bookDetailMessages as t } from '../../../../domain/messages/catalogue';
import { readinessNotice } from '../../../../domain/readiness';
import { signInPath } from '../../../../domain/return-path';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/use-session';
import { StatusLabel } from './book-card';
import type { ContributionsComponent } from './contributions-slot';
import type { DeviceReadingComponent } from './device-reading-slot';
import type { ListButtonComponent } from './list-slots';
import { ReadingProgressPanel } from './reading-progress-panel';

/** Starts the validation of the next segment (the segment validation flow). */
export type ValidateHandler = (context: {
  book: BookDetail;
  progress: ReadingProgressView;
}) => void;

/**
 * The book is done when its status says so or every segment is validated
 * (docs/architecture.md#reading-status-and-progress).
 */
export function isBookComplete(progress: ReadingProgressView, expected: number): boolean {
  return progress.status === 'completed' || progress.segmentsValidated >= expected;
}

/**
 * What the reader can do with the book: a visitor is asked to sign in; a reader adds it to
 * their list, or sees their progress, the validate button (when the flow is wired and the
 * next segment has its question; otherwise when the questions will come) and, once the book
 * is finished, the congratulation with the way to the book's chat room.
 * `listButton` adds the book to the list or removes it. `contributions` (a book in the list, not
 * finished) draws the next step with what the server says of the next segment's question, and
 * what the reader may propose or review (decision 045).
 */
export function BookReaderPanel(props: {
  book: BookDetail;
  progress: ReadingProgressView | null;
  onValidate?: ValidateHandler | undefined;
  listButton?: ListButtonComponent | undefined;
  contributions?: ContributionsComponent | undefined;
  /** False when something above must stay in view (a refusal): the bar does not scroll. */
  scrollToProgress?: boolean;
  /** The validation's code is downloading: the validate button is busy. */
  validating?: boolean;
  /** Where the reader's KOReader device is (decision 053), and how to show it. */
  device?: DeviceReading | null | undefined;
  deviceReading?: DeviceReadingComponent | undefined;
}) {
  const {
    book,
    progress,
    onValidate,
    listButton: ListButton,
    contributions: Contributions,
    deviceReading: DeviceReadingPanel,
  } = props;
  const deviceLine =
    DeviceReadingPanel && props.device ? <DeviceReadingPanel device={props.device} /> : null;
  const session = useSession();
  // Signing in from here comes back to this book (domain/return-path.ts).
  const location = useLocation();
  const panel = 'rounded-3xl border border-line bg-paper-deep/60 p-5 sm:p-6';

  if (session.status !== 'signed-in') {
    // While the session loads (and in the server's render of the page), the visitor's panel
    // holds its place unseen, so that it appears without moving the page (layout shift).
    const hidden = session.status === 'loading' ? 'invisible' : '';
    return (
      <div
        className={`${panel} flex flex-col items-start gap-4 sm:flex-row sm:items-center ${hidden && 'animate-pulse'}`}
      >
        <p className={`flex-1 ${hidden}`} aria-hidden={hidden ? true : undefined}>
          {t.signInText}
        </p>
        <ButtonLink to={signInPath(location)} className={`shrink-0 ${hidden}`}>
          <LogIn size={18} aria-hidden="true" />
          {t.signIn}
        </ButtonLink>
      </div>
    );
  }
  if (!progress) {
    const notice = readinessNotice(book, { inList: false, nextSegment: 1 });
    return (
      <div className="space-y-4">
        {ListButton ? (
          <ListButton book={{ id: book.id, title: book.title }} inList={false} />
        ) : null}
        {deviceLine}
        {notice ? <ReadinessNotice text={notice} /> : null}
      </div>
    );
  }

  const complete = isBookComplete(progress, book.expectedSegments);
  const started = progress.segmentsValidated > 0;
  // The server would answer 'Aucune question trouvée pour ce segment': say it before.
  const notice = complete
    ? null
    : readinessNotice(book, { inList: true, nextSegment: progress.segmentsValidated + 1 });
  // The notice counts the questions in a row from the first; the server knows the next segment's.
  const nextStep = (hasQuestion: boolean | null) => {
    const shown = hasQuestion === true ? null : notice;
    return (
      <>
        {shown ? <ReadinessNotice text={shown} className="mt-5" /> : null}
        {onValidate && !shown ? (
          <button
            type="button"
            aria-busy={props.validating || undefined}
            aria-disabled={props.validating || undefined}
            onClick={() => props.validating || onValidate({ book, progress })}
            className={buttonClasses({ size: 'lg', className: 'mt-5 w-full sm:w-auto' })}
          >
            {props.validating ? <Spinner /> : null}
            {started ? t.validate : t.start}
          </button>
        ) : null}
      </>
    );
  };
  return (
    <div className="space-y-5">
      <div className={panel}>
        <div className="mb-4 flex items-center justify-between gap-3">
          <StatusLabel status={complete ? 'completed' : progress.status} />
          {ListButton ? <ListButton book={{ id: book.id, title: book.title }} inList /> : null}
        </div>
        <ReadingProgressPanel
          progress={progress}
          expected={book.expectedSegments}
          autoScroll={props.scrollToProgress ?? true}
        />
        {deviceLine}
        {complete ? null : Contributions ? (
          <Contributions book={book} nextStep={nextStep} />
        ) : (
          nextStep(null)
        )}
      </div>
      {complete ? (
        <div className="flex flex-col gap-4 rounded-3xl bg-accent p-6 text-paper sm:flex-row sm:items-center">
          <PartyPopper size={36} aria-hidden="true" className="shrink-0" />
          <div className="flex-1">
            <p className="font-serif text-2xl font-semibold">{t.congratsTitle}</p>
            <p className="mt-1">{t.congratsText}</p>
          </div>
          <ButtonLink to={finishedChatPath(book.slug)} variant="inverted" className="shrink-0">
            {t.chatLink}
          </ButtonLink>
        </div>
      ) : null}
    </div>
  );
}

/** Why there is no validate button yet: the questions are on their way. */
function ReadinessNotice({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p
      className={`flex items-start gap-2.5 rounded-2xl border border-line bg-paper px-4 py-3 text-ink ${className}`}
    >
      <Info size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-accent-strong" />
      {text}
    </p>
  );
}
