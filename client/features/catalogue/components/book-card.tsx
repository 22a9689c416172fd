import { BookCheck, BookMarked, BookOpen } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  bookAuthor,
  bookPath,
  bookTitle,
  CARD_MAX_CHIPS,
  cardTitle,
} from '../../../../domain/book-display';
import type { BookCard as BookCardData } from '../../../../domain/books.schemas';
import { bookCardMessages as t } from '../../../../domain/messages/catalogue';
import type { ReadingStatus } from '../../../../domain/segments';
import { BookCover } from '../../../components/ui/book-cover';
import type { ListButtonComponent } from './list-slots';
import { ReadinessLabel } from './readiness-label';

const statusIcons = { completed: BookCheck, in_progress: BookOpen, to_read: BookMarked } as const;
const statusClasses = {
  completed: 'bg-accent text-paper',
  in_progress: 'bg-accent-soft text-accent-strong',
  to_read: 'bg-paper-deep text-ink',
} as const;

/** The reader's status of a book as a small label: Terminé, En cours de lecture or À lire. */
export function StatusLabel({ status }: { status: ReadingStatus }) {
  const Icon = statusIcons[status];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${statusClasses[status]}`}
    >
      <Icon size={14} aria-hidden="true" />
      {t.status[status]}
    </span>
  );
}

/**
 * A book in a grid (docs/architecture.md#screens): cover, title cut at 50 characters, author,
 * whether it can be validated ('Questions prêtes', domain/readiness.ts), up to 3 theme chips, the reader's status when known, and with `listButton` 'Ajouter à ma
 * liste' (not in the list) or 'Retirer' (in it). The whole card opens the book.
 */
export function BookCard(props: {
  book: BookCardData;
  status?: ReadingStatus | undefined;
  listButton?: ListButtonComponent | undefined;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const { book, status, listButton: ListButton, headingLevel = 3, eager = false } = props;
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = cardTitle(book.title);
  const fullTitle = bookTitle(book.title);
  const chips = book.tags.filter((tag) => tag.trim()).slice(0, CARD_MAX_CHIPS);

  return (
    <article className="group relative flex h-full flex-col">
      <BookCover
        book={{ ...book, title: fullTitle }}
        eager={eager}
        className="w-full transition-transform duration-200 group-hover:-translate-y-1 motion-reduce:transform-none"
      />
      <Heading
        id={titleId}
        className="mt-3 font-sans text-[0.95rem] font-semibold leading-snug"
        title={title === fullTitle ? undefined : fullTitle}
      >
        {/* Its ::after covers the card: a click anywhere on it opens the book. */}
        <Link
          to={bookPath(book.slug)}
          className="rounded-sm after:absolute after:inset-0 after:rounded-md hover:text-accent-strong"
        >
          {title}
        </Link>
      </Heading>
      <p className="mt-0.5 text-sm text-ink-soft">{bookAuthor(book.author)}</p>
      <ReadinessLabel book={book} />
      {status ? (
        <p className="mt-2">
          <StatusLabel status={status} />
        </p>
      ) : null}
      {chips.length > 0 ? (
        <ul aria-label={t.tagsLabel} className="mt-2 flex flex-wrap gap-1">
          {chips.map((tag) => (
            <li
              key={tag}
              className="rounded-full border border-line px-2 py-0.5 text-xs leading-5 text-ink-soft"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {ListButton ? (
        // Above the card's link so the button stays clickable.
        <div className="relative z-10 mt-auto pt-3">
          <ListButton
            book={{ id: book.id, title: fullTitle }}
            inList={status !== undefined}
            describedBy={titleId}
          />
        </div>
      ) : null}
    </article>
  );
}
