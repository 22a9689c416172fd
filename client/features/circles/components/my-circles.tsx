import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { bookTitle } from '../../../../domain/book-display';
import { circlePath, frenchDay } from '../../../../domain/circles';
import type { MyCircle } from '../../../../domain/circles.schemas';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { BookCover } from '../../../components/ui/book-cover';
import { useMyCircles } from '../api/circles';
import { StandingChip } from './standing-chip';

/**
 * « Mes cercles de lecture » under the reading list (docs/architecture.md#reading-circles): each
 * circle I am in, its book, where I stand and the next segment due. Nothing when I am in none
 * (the book page offers « Lancer un cercle »); a failure says so with a retry.
 */
export function MyCircles() {
  const circles = useMyCircles();
  if (circles.isError) {
    return (
      <Section>
        <p className="mt-3 text-accent">
          {m.myCirclesFailed}{' '}
          <button type="button" className="underline" onClick={() => void circles.refetch()}>
            {m.retry}
          </button>
        </p>
      </Section>
    );
  }
  const items = circles.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Section>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {items.map((circle) => (
          <CircleCard key={circle.id} circle={circle} />
        ))}
      </ul>
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="cercles-titre"
      id="cercles"
      className="mx-auto max-w-6xl px-5 pb-14 md:px-6"
    >
      <h2 id="cercles-titre" className="text-2xl font-semibold">
        {m.myCirclesTitle}
      </h2>
      {children}
    </section>
  );
}

function CircleCard({ circle }: { circle: MyCircle }) {
  const title = bookTitle(circle.book.title);
  return (
    <li className="flex gap-3 rounded-2xl border border-line p-3">
      <div className="w-14 shrink-0">
        <BookCover book={{ ...circle.book, title }} alt="" sizes="56px" className="w-full" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold [overflow-wrap:anywhere]">
          <Link to={circlePath(circle.id)} className="hover:underline">
            {circle.name}
          </Link>
        </p>
        <p className="text-sm [overflow-wrap:anywhere] text-ink-soft">{title}</p>
        <p className="text-sm text-ink-soft">
          {fillPlural(circle.memberCount, m.members)}
          {' · '}
          {circle.nextDue
            ? fill(m.nextDue, {
                segment: circle.nextDue.segment,
                date: frenchDay(circle.nextDue.dueDay),
              })
            : m.allDue}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <StandingChip standing={circle.standing} />
          {circle.closedAt ? (
            <span className="rounded-full border border-line px-2.5 py-0.5 text-sm">
              {m.closedBadge}
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}
