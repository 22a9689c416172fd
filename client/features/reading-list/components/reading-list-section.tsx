import type { ReadingListItem } from '../../../../domain/books.schemas';
import { ShowMore } from '../../../components/ui/show-more';
import { useShowMore } from '../../../components/ui/use-show-more';
import { ReadingListEntry } from './reading-list-entry';

/** One status of the list, with its count; paginated when `paging` is given. Hidden when empty. */
export function ReadingListSection(props: {
  id: string;
  title: string;
  items: ReadingListItem[];
  paging?: { first: number; step: number };
  eager?: boolean;
}) {
  const { id, title, items, paging, eager = false } = props;
  const { shown, listRef, more } = useShowMore(
    items.length,
    paging ?? { first: items.length, step: 0 },
  );
  if (items.length === 0) return null;
  const headingId = `${id}-titre`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-baseline gap-3 text-2xl font-semibold md:text-3xl">
        {title}
        <span className="font-sans text-base font-medium text-ink-soft">({items.length})</span>
      </h2>
      <ul ref={listRef} className="mt-5 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {items.slice(0, shown).map((item, index) => (
          <ReadingListEntry key={item.book.id} item={item} eager={eager && index < 2} />
        ))}
      </ul>
      {paging && items.length > paging.first ? (
        <ShowMore shown={shown} total={items.length} onMore={more} />
      ) : null}
    </section>
  );
}
