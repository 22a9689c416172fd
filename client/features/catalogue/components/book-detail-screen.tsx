import { ArrowLeft, TriangleAlert, Users } from 'lucide-react';
import { type MouseEvent, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { bookAuthor, bookTitle } from '../../../../domain/book-display';
import type { BookDetail } from '../../../../domain/books.schemas';
import {
  catalogueMessages,
  categoryLabels,
  bookDetailMessages as t,
} from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { readerBooksMessages } from '../../../../domain/messages/reader-books';
import { BookCover } from '../../../components/ui/book-cover';
import { ButtonLink } from '../../../components/ui/button-link';
import { LoadingState } from '../../../components/ui/loading-state';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../../lib/use-session';
import { type BookPageData, useBook } from '../api/get-book';
import { BookReaderPanel, type ValidateHandler } from './book-reader-panel';
import type { ContributionsComponent } from './contributions-slot';
import type { DeviceReadingComponent } from './device-reading-slot';
import type { DiscussionsComponent } from './discussions-slot';
import type { ListButtonComponent } from './list-slots';
import { ReadinessBadge } from './readiness-label';
import type { ReportBookComponent } from './report-book-slot';

/** Navigation state of a page that sends a reader here refused (e.g. the finished-book chat). */
export type BookPageState = { accessDenied?: string } | null;

/**
 * /books/{id or slug} (docs/architecture.md#screens): loading, error (with a way back), not
 * available (with a way to /explore), or the book with the reader's progress and actions.
 * `onValidate` is the segment validation flow; without it there is no validate button.
 * `listButton` adds the book to the reader's list or removes it. `validating`: the flow's code
 * is downloading (the validate button is busy). `contributions`: the questions the reader may
 * propose or review (decision 045). `reportBook`: « Signaler ce livre », for signed-in readers
 * (decision 048). `deviceReading`: the page a KOReader device reached (decision 053).
 * `discussions`: each segment's discussion and the finished-book room (decision
 * 054), for signed-in readers.
 */
export function BookDetailScreen(props: {
  bookRef: string;
  onValidate?: ValidateHandler;
  listButton?: ListButtonComponent;
  contributions?: ContributionsComponent;
  reportBook?: ReportBookComponent;
  deviceReading?: DeviceReadingComponent;
  discussions?: DiscussionsComponent;
  validating?: boolean;
}) {
  const { bookRef, onValidate, listButton, contributions, reportBook, deviceReading, discussions } =
    props;
  const query = useBook(bookRef);
  const error = query.error;
  const unavailable = error instanceof HttpError && error.status === 410;
  usePageMeta({
    title: query.data
      ? bookTitle(query.data.book.title)
      : unavailable
        ? catalogueMessages.bookUnavailable
        : error
          ? t.loadFailed
          : t.loading,
    description: query.data?.book.description.slice(0, 160) || undefined,
  });

  if (query.data) {
    return (
      <BookView
        data={query.data}
        onValidate={onValidate}
        listButton={listButton}
        contributions={contributions}
        reportBook={reportBook}
        deviceReading={deviceReading}
        discussions={discussions}
        validating={props.validating === true}
      />
    );
  }
  if (unavailable) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-5 py-20 text-center">
        <h1 className="text-2xl font-semibold md:text-3xl">{catalogueMessages.bookUnavailable}</h1>
        <ButtonLink to="/explore" className="mt-8">
          {t.exploreBooks}
        </ButtonLink>
      </div>
    );
  }
  if (error) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-5 py-20 text-center">
        <h1 className="text-2xl font-semibold md:text-3xl">{t.loadFailed}</h1>
        {error instanceof HttpError ? <p className="mt-3 text-ink-soft">{error.message}</p> : null}
        <BackLink className="mt-8" />
      </div>
    );
  }
  return <LoadingState text={t.loading} />;
}

/** 'Retour': back in the history when the reader came from a page of the app, else /explore. */
function BackLink({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (location.key === 'default') return;
    event.preventDefault();
    navigate(-1);
  }
  return (
    <Link
      to="/explore"
      onClick={onClick}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full border border-ink/25 px-5 font-semibold hover:bg-paper-deep ${className}`}
    >
      <ArrowLeft size={18} aria-hidden="true" />
      {t.back}
    </Link>
  );
}

function BookView(props: {
  data: BookPageData;
  onValidate?: ValidateHandler | undefined;
  listButton?: ListButtonComponent | undefined;
  contributions?: ContributionsComponent | undefined;
  reportBook?: ReportBookComponent | undefined;
  deviceReading?: DeviceReadingComponent | undefined;
  discussions?: DiscussionsComponent | undefined;
  validating: boolean;
}) {
  const { data, onValidate, listButton, contributions, reportBook: ReportBook } = props;
  const Discussions = props.discussions;
  const { book, progress } = data;
  const signedIn = useSession().status === 'signed-in';
  const location = useLocation();
  const accessDenied = (location.state as BookPageState)?.accessDenied;
  const refusal = typeof accessDenied === 'string' && accessDenied ? accessDenied : null;
  const title = bookTitle(book.title);
  return (
    <article className="mx-auto max-w-6xl px-5 py-8 md:px-6 md:py-12">
      {refusal ? <RefusalBanner text={refusal} /> : null}
      <div className="grid gap-8 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-12 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-16">
        <BookCover
          book={{ ...book, title }}
          alt={fill(t.coverAlt, { title })}
          eager
          className="mx-auto w-44 sm:w-52 md:w-full md:self-start"
        />
        <div className="min-w-0">
          <BookHeading book={book} />
          <div className="mt-8">
            <BookReaderPanel
              book={book}
              progress={progress}
              onValidate={onValidate}
              listButton={listButton}
              contributions={contributions}
              device={data.device}
              deviceReading={props.deviceReading}
              validating={props.validating}
              // The refusal says why the reader is here: the page stays on it.
              scrollToProgress={refusal === null}
            />
          </div>
          {Discussions && signedIn ? (
            <Discussions
              book={{ id: book.id, slug: book.slug, title }}
              validated={progress?.segmentsValidated ?? 0}
            />
          ) : null}
          {book.description.trim() ? (
            <section aria-labelledby="resume" className="mt-10">
              <h2 id="resume" className="text-2xl font-semibold">
                {t.descriptionTitle}
              </h2>
              <div className="mt-3 max-w-prose space-y-4 text-lg leading-relaxed">
                {book.description
                  .split(/\n{2,}/)
                  .map((paragraph) => paragraph.trim())
                  .filter(Boolean)
                  .map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
              </div>
            </section>
          ) : null}
          {ReportBook && signedIn ? (
            <div className="mt-10 border-t border-line pt-4">
              <ReportBook book={{ id: book.id, title }} />
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function BookHeading({ book }: { book: BookDetail }) {
  const tags = book.tags.filter((tag) => tag.trim());
  const segments = book.expectedSegments;
  return (
    <header className="text-center md:text-left">
      <Link
        to={`/explore?cat=${book.category}`}
        className="inline-flex rounded-full bg-paper-deep px-3 py-1 text-sm font-semibold text-ink hover:bg-line"
      >
        {categoryLabels[book.category]}
      </Link>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance md:text-5xl">
        {bookTitle(book.title)}
      </h1>
      <p className="mt-3 text-xl text-ink-soft">{bookAuthor(book.author)}</p>
      <ul className="mt-4 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm font-medium md:justify-start">
        <li>{fill(t.pages, { pages: book.totalPages })}</li>
        <li>{segments === 1 ? t.segmentsOne : fill(t.segmentsMany, { count: segments })}</li>
        {book.year ? <li>{book.year}</li> : null}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-2 md:justify-start">
        <ReadinessBadge book={book} />
        {book.communityAdded ? <CommunityBadge /> : null}
      </div>
      {tags.length > 0 ? (
        <ul
          aria-label={t.tagsLabel}
          className="mt-4 flex flex-wrap justify-center gap-1.5 md:justify-start"
        >
          {tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full border border-line px-2.5 py-0.5 text-sm text-ink-soft"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}

/**
 * « Ajouté par la communauté »: a reader added the book and no administrator has confirmed it
 * yet. The hint shows on hover and is read with the label by screen readers.
 */
function CommunityBadge() {
  return (
    <p
      title={readerBooksMessages.communityBadgeHint}
      className="inline-flex items-center gap-1.5 rounded-full border border-line bg-paper px-3.5 py-1.5 text-sm font-medium text-ink"
    >
      <Users size={16} aria-hidden="true" />
      <span>{readerBooksMessages.communityBadge}</span>
      <span className="sr-only"> ({readerBooksMessages.communityBadgeHint})</span>
    </p>
  );
}

/**
 * Why the reader was sent here (the finished-book chat refused them): focused, so a screen
 * reader says it, and kept in view (the progress bar's scroll is skipped on this visit).
 */
function RefusalBanner({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    banner.focus({ preventScroll: true });
    banner.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="mb-8 flex items-start outline-none gap-3 rounded-2xl border border-accent/40 bg-accent-soft px-5 py-4 text-accent-strong"
    >
      <TriangleAlert size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
      <p className="font-medium">{text}</p>
    </div>
  );
}
