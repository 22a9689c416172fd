import { ChartColumn } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_CURRENT_READING } from '../../../../domain/book-display';
import type { ReadingListItem } from '../../../../domain/books.schemas';
import { homeMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClasses } from '../../../components/ui/button-styles';
import { useReadingList } from '../api/get-reading-list';
import { ReadingListEntry } from './reading-list-entry';

const inProgress = (items: ReadingListItem[]) =>
  items.filter((item) => item.progress.status === 'in_progress' && !item.isAbandoned);

/**
 * The home 'Lectures en cours' card (docs/architecture.md#screens): the books in progress, 3 on
 * desktop and 2 under 768 px, with 'voir les N livres' when some do not fit.
 */
export function CurrentReading() {
  const list = useReadingList(inProgress);
  const books = list.data;
  const { desktop, mobile } = HOME_CURRENT_READING;

  return (
    <section aria-labelledby="lectures-en-cours" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <h2 id="lectures-en-cours" className="text-3xl font-semibold">
            {t.currentTitle}
          </h2>
          <p className="mt-1 text-ink-soft">{t.currentLead}</p>
        </div>
        <ButtonLink to="/achievements" variant="secondary" size="sm">
          <ChartColumn size={18} aria-hidden="true" />
          {t.statistics}
        </ButtonLink>
      </div>

      {list.isError && !books ? (
        <div role="alert" className="mt-6 rounded-2xl border border-line bg-paper-deep/60 p-6">
          <p>{t.currentLoadFailed}</p>
          <button
            type="button"
            onClick={() => void list.refetch()}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
          >
            {t.retry}
          </button>
        </div>
      ) : !books ? (
        <CurrentReadingSkeleton />
      ) : books.length === 0 ? (
        <div className="mt-6 rounded-3xl border border-dashed border-ink/25 px-6 py-10 text-center">
          <p className="font-serif text-2xl font-semibold">{t.emptyTitle}</p>
          <p className="mt-2 text-ink-soft">{t.emptyText}</p>
          <ButtonLink to="/explore" className="mt-6">
            {t.exploreBooks}
          </ButtonLink>
        </div>
      ) : (
        <>
          <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {books.slice(0, desktop).map((item, index) => (
              <ReadingListEntry
                key={item.book.id}
                item={item}
                removable={false}
                eager
                hiddenOnMobile={index >= mobile}
              />
            ))}
          </ul>
          <SeeAllLink count={books.length} />
        </>
      )}
    </section>
  );
}

/** 'voir les N livres', shown where the card does not list them all. */
function SeeAllLink({ count }: { count: number }) {
  const { desktop, mobile } = HOME_CURRENT_READING;
  if (count <= mobile) return null;
  return (
    <p className={`mt-4 text-right ${count <= desktop ? 'md:hidden' : ''}`}>
      <Link
        to="/reading-list"
        className="font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
      >
        {fill(t.seeAll, { count })}
      </Link>
    </p>
  );
}

function CurrentReadingSkeleton() {
  return (
    <div aria-hidden="true" className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((n) => (
        <div
          key={n}
          className={`h-40 animate-pulse rounded-2xl bg-paper-deep ${n >= HOME_CURRENT_READING.mobile ? 'hidden md:block' : ''}`}
        />
      ))}
    </div>
  );
}
