import { useId } from 'react';
import { Link } from 'react-router';
import { bookAuthor, bookPath, cardTitle } from '../../../../domain/book-display';
import type { ReadingListItem } from '../../../../domain/books.schemas';
import { catalogueMessages, readingListMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { BookCover } from '../../../components/ui/book-cover';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { AbandonButton } from './abandon-button';
import { RemoveFromListButton } from './remove-from-list-button';

const actionLabels = {
  in_progress: t.continueReading,
  to_read: t.start,
  completed: t.reread,
} as const;

const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** A date as readers in France write it: '12 mars 2026'. */
export function formatFrenchDate(iso: string): string {
  return frenchDate.format(new Date(iso));
}

/**
 * One book of the reading list: cover, title, author, then by status the progress bar or the
 * completion date, and its action to the book page (disabled, with the reason, when the book
 * is unavailable).
 */
export function ReadingListEntry(props: {
  item: ReadingListItem;
  removable?: boolean;
  eager?: boolean;
  /** Not shown under 768 px (the home card lists 2 books there, 3 above). */
  hiddenOnMobile?: boolean;
}) {
  const { item, removable = true, eager = false, hiddenOnMobile = false } = props;
  const { book, progress, isUnavailable } = item;
  const titleId = useId();
  const reasonId = useId();
  const status = progress.status;
  const title = cardTitle(book.title);
  const actionLabel = actionLabels[status];

  return (
    <li
      className={`${hiddenOnMobile ? 'hidden md:flex' : 'flex'} gap-4 rounded-2xl border border-line bg-paper p-4 shadow-[0_1px_0_rgb(28_24_19/0.04)]`}
    >
      <BookCover book={book} eager={eager} className="w-20 shrink-0 self-start sm:w-24" />
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 id={titleId} className="text-lg font-semibold leading-snug" title={book.title}>
          {isUnavailable ? (
            title
          ) : (
            <Link to={bookPath(book.slug)} className="rounded-sm hover:text-accent-strong">
              {title}
            </Link>
          )}
        </h3>
        <p className="mt-0.5 text-sm text-ink-soft">{bookAuthor(book.author)}</p>

        {status === 'in_progress' ? (
          <div className="mt-3">
            <ProgressBar
              percent={progress.progressPercent}
              label={fill(t.percentDone, { percent: progress.progressPercent })}
            />
            <p className="mt-1 text-sm font-medium">
              {fill(t.percentDone, { percent: progress.progressPercent })}
            </p>
          </div>
        ) : null}
        {status === 'completed' && progress.completedAt ? (
          <p className="mt-2 text-sm">
            <time dateTime={progress.completedAt}>
              {fill(t.completedOn, { date: formatFrenchDate(progress.completedAt) })}
            </time>
          </p>
        ) : null}
        {isUnavailable ? (
          <p id={reasonId} className="mt-2 text-sm font-medium text-accent-strong">
            {catalogueMessages.bookUnavailable}
          </p>
        ) : null}

        <div className="mt-auto flex flex-wrap items-center gap-2 pt-3">
          {isUnavailable ? (
            <button
              type="button"
              disabled
              aria-describedby={`${titleId} ${reasonId}`}
              className={buttonClasses({ size: 'sm' })}
            >
              {actionLabel}
            </button>
          ) : (
            <ButtonLink to={bookPath(book.slug)} size="sm" aria-describedby={titleId}>
              {actionLabel}
            </ButtonLink>
          )}
          {removable && status !== 'completed' ? (
            <AbandonButton bookId={book.id} abandoned={item.isAbandoned} describedBy={titleId} />
          ) : null}
          {removable ? (
            <RemoveFromListButton book={book} describedBy={titleId} className="-mr-2" />
          ) : null}
        </div>
      </div>
    </li>
  );
}
