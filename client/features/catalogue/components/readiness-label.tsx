import { BadgeCheck, Hourglass } from 'lucide-react';
import { readiness, readinessCardLabel, readinessCount } from '../../../../domain/readiness';

type Book = { questionsReady: number; expectedSegments: number };

/**
 * Whether a book can be validated, on its card: 'Questions prêtes', '3 segments prêts sur
 * 16' or 'Questions à venir' (domain/readiness.ts).
 */
export function ReadinessLabel({ book }: { book: Book }) {
  const ready = readiness(book) === 'ready';
  const Icon = ready ? BadgeCheck : Hourglass;
  return (
    <p
      className={`mt-1.5 inline-flex items-center gap-1 text-xs font-semibold ${
        ready ? 'text-accent-strong' : 'text-ink-soft'
      }`}
    >
      <Icon size={14} aria-hidden="true" className="shrink-0" />
      {readinessCardLabel(book)}
    </p>
  );
}

/** The same on a book page, larger, with the count of a ready book ('16 segments prêts'). */
export function ReadinessBadge({ book }: { book: Book }) {
  const ready = readiness(book) === 'ready';
  const Icon = ready ? BadgeCheck : Hourglass;
  const count = readinessCount(book);
  return (
    <p
      className={`inline-flex flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-full px-3.5 py-1.5 text-sm ${
        ready ? 'bg-accent-soft text-accent-strong' : 'bg-paper-deep text-ink'
      }`}
    >
      <Icon size={16} aria-hidden="true" className="shrink-0" />
      <span className="font-semibold">{readinessCardLabel(book)}</span>
      {count ? <span aria-hidden="true">·</span> : null}
      {count ? <span>{count}</span> : null}
    </p>
  );
}
