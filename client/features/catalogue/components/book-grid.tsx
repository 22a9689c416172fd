import { GRID_PAGING } from '../../../../domain/book-display';
import type { BookCard as BookCardData } from '../../../../domain/books.schemas';
import type { ReadingStatus } from '../../../../domain/segments';
import { ShowMore } from '../../../components/ui/show-more';
import { useShowMore } from '../../../components/ui/use-show-more';
import { BookCard } from './book-card';
import type { ListButtonComponent } from './list-slots';

const noPaging = (total: number) => ({ first: total, step: 0 });

/**
 * Books in columns: 2 on small screens up to 8 on the largest (docs/architecture.md#screens).
 * With `paged`, 12 books then 8 more per 'Voir plus de livres', under 'X sur Y livres
 * affichés'. `statuses` (by book id) gives each card its reader's status, `listButton` its
 * list button.
 */
export function BookGrid(props: {
  books: BookCardData[];
  statuses?: ReadonlyMap<string, ReadingStatus> | undefined;
  listButton?: ListButtonComponent | undefined;
  paged?: boolean;
  headingLevel?: 2 | 3;
  /** How many covers load at once (those above the fold). */
  eagerCount?: number;
}) {
  const { books, statuses, listButton, paged = false, headingLevel, eagerCount = 4 } = props;
  const { shown, listRef, more } = useShowMore(
    books.length,
    paged ? GRID_PAGING : noPaging(books.length),
  );
  return (
    <>
      <ul
        ref={listRef}
        className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-5 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-8"
      >
        {books.slice(0, shown).map((book, index) => (
          <li key={book.id}>
            <BookCard
              book={book}
              status={statuses?.get(book.id)}
              listButton={listButton}
              headingLevel={headingLevel}
              eager={index < eagerCount}
            />
          </li>
        ))}
      </ul>
      {paged && books.length > GRID_PAGING.first ? (
        <ShowMore shown={shown} total={books.length} onMore={more} />
      ) : null}
    </>
  );
}
