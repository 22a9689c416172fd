import { Link } from 'react-router';
import { bookAuthor, bookPath, bookTitle, cardTitle } from '../../../../domain/book-display';
import type { BookCard } from '../../../../domain/books.schemas';
import { PROFILE_LIMITS } from '../../../../domain/community';
import type { ProfilePage } from '../../../../domain/community.schemas';
import { communityMessages as c } from '../../../../domain/messages/community';
import { fill } from '../../../../domain/messages/fill';
import type { BadgeView } from '../../../../domain/rewards.schemas';
import { appPaths } from '../../../../domain/screen-paths';
import { BookCover } from '../../../components/ui/book-cover';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { RewardIcon } from '../../../components/ui/reward-icon';

const linkClasses =
  'font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent';

/**
 * "Vue d'ensemble": 'Lecture en cours' (at most 2 books) and 'Badges récents' (at most 6),
 * each only when it has something. 'Voir tout' leads the owner to /achievements and a
 * visitor to the 'Badges' tab (another reader's achievements page does not exist).
 */
export function OverviewPanel(props: { page: ProfilePage; onSeeAllBadges: () => void }) {
  const { page } = props;
  const reading = page.inProgress.slice(0, PROFILE_LIMITS.inProgress);
  const badges = page.badges.slice(0, PROFILE_LIMITS.recentBadges);
  if (reading.length === 0 && badges.length === 0) {
    return <p className="text-ink-soft">{c.overviewEmpty}</p>;
  }
  return (
    <div className="space-y-10">
      {reading.length > 0 ? (
        <section aria-labelledby="profil-lecture-en-cours">
          <h2 id="profil-lecture-en-cours" className="text-2xl font-semibold">
            {c.currentReading}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {reading.map(({ book, progressPercent }) => (
              <InProgressBook key={book.id} book={book} percent={progressPercent} />
            ))}
          </ul>
        </section>
      ) : null}
      {badges.length > 0 ? (
        <section aria-labelledby="profil-badges-recents">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 id="profil-badges-recents" className="text-2xl font-semibold">
              {c.recentBadges}
            </h2>
            {page.isOwner ? (
              <Link to={appPaths.achievements} className={`${linkClasses} py-2`}>
                {c.seeAll}
              </Link>
            ) : (
              <button
                type="button"
                onClick={props.onSeeAllBadges}
                className={`${linkClasses} py-2`}
              >
                {c.seeAll}
              </button>
            )}
          </div>
          <BadgeList badges={badges} compact />
        </section>
      ) : null}
    </div>
  );
}

function InProgressBook({ book, percent }: { book: BookCard; percent: number }) {
  const title = bookTitle(book.title);
  const rounded = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-paper p-4 shadow-sm">
      <BookCover book={book} className="w-16 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="font-serif text-lg font-semibold leading-snug">
          <Link to={bookPath(book.slug)} className="hover:text-accent hover:underline">
            {cardTitle(book.title)}
          </Link>
        </h3>
        <p className="text-sm text-ink-soft">{bookAuthor(book.author)}</p>
        <div className="mt-auto pt-3">
          <ProgressBar percent={rounded} label={title} />
          <p className="mt-1 text-sm font-medium">{fill(c.percentDone, { percent: rounded })}</p>
        </div>
      </div>
    </li>
  );
}

/** 'Livres': 'Livres terminés (count)', the 8 latest as a grid of covers linking to each book. */
export function BooksPanel({ finished }: { finished: ProfilePage['finished'] }) {
  const books = finished.books.slice(0, PROFILE_LIMITS.finished);
  return (
    <section aria-labelledby="profil-livres-termines">
      <h2 id="profil-livres-termines" className="text-2xl font-semibold">
        {fill(c.finishedBooks, { count: finished.count })}
      </h2>
      {books.length === 0 ? (
        <p className="mt-4 text-ink-soft">{c.noFinishedBook}</p>
      ) : (
        <ul className="mt-5 grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4">
          {books.map((book) => (
            <li key={book.id}>
              <Link to={bookPath(book.slug)} className="group block">
                <BookCover book={{ ...book, title: bookTitle(book.title) }} />
                <span className="mt-2 block font-serif font-semibold leading-snug group-hover:text-accent group-hover:underline">
                  {cardTitle(book.title)}
                </span>
                <span className="block text-sm text-ink-soft">{bookAuthor(book.author)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Badges': 'Tous les badges (count)', each with its icon (a trophy by default), name and text. */
export function BadgesPanel({ badges }: { badges: BadgeView[] }) {
  return (
    <section aria-labelledby="profil-tous-les-badges">
      <h2 id="profil-tous-les-badges" className="text-2xl font-semibold">
        {fill(c.allBadges, { count: badges.length })}
      </h2>
      {badges.length === 0 ? (
        <p className="mt-4 text-ink-soft">{c.noBadge}</p>
      ) : (
        <BadgeList badges={badges} />
      )}
    </section>
  );
}

function BadgeList({ badges, compact = false }: { badges: BadgeView[]; compact?: boolean }) {
  return (
    <ul
      className={`mt-4 grid gap-3 ${compact ? 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-6' : 'sm:grid-cols-2'}`}
    >
      {badges.map((badge) => (
        <li
          key={badge.slug}
          data-badge={badge.slug}
          className={`flex gap-3 rounded-2xl border border-line bg-paper p-4 shadow-sm ${compact ? 'flex-col items-center text-center' : 'items-start'}`}
        >
          <span
            className="flex size-12 shrink-0 items-center justify-center rounded-full text-paper"
            style={{ backgroundColor: badge.color }}
          >
            <RewardIcon name={badge.icon} size={24} />
          </span>
          <div className="min-w-0">
            <h3 className="font-serif font-semibold leading-snug">{badge.name}</h3>
            {compact ? null : <p className="mt-1 text-sm text-ink-soft">{badge.description}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
