import { ChevronRight, Lock, MessagesSquare, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { finishedChatPath } from '../../../../domain/book-display';
import { discussionPath } from '../../../../domain/discussions';
import type { DiscussionSegment } from '../../../../domain/discussions.schemas';
import { circleMessages } from '../../../../domain/messages/circles';
import { discussionMessages as m } from '../../../../domain/messages/discussions';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { useDiscussionSummary } from '../api/discussions';

/** Segments listed before « Afficher tous les passages ». */
const FIRST_SHOWN = 6;

const readersText = (n: number) =>
  n === 0
    ? m.readersNone
    : n === 1
      ? m.readersOne
      : fill(m.readersMany, { count: formatNumber(n) });
const postsText = (n: number) =>
  n === 0 ? m.postsNone : n === 1 ? m.postsOne : fill(m.postsMany, { count: formatNumber(n) });

/**
 * The book page's « Discussions » (decision 054): each segment the reader validated links to
 * its discussion with its count of messages; a segment not validated yet where readers talk
 * shows only how many they are (the server sends no word of it); the finished-book room is the
 * last step. `validated` moving (a validation) reads the counts again. With `circleId`, the
 * same for a reading circle's discussions, on its page (decision 056), without the room.
 */
export function DiscussionsSection(props: {
  book: { id: string; slug: string; title: string };
  validated: number;
  circleId?: string | null;
}) {
  const { book } = props;
  const circleId = props.circleId ?? null;
  const summary = useDiscussionSummary(book.slug, props.validated, circleId);
  const [all, setAll] = useState(false);
  const { refetch } = summary;

  const segments = (summary.data?.segments ?? []).filter((s) => s.open || s.readers > 0);
  const shown = all ? segments : segments.slice(0, FIRST_SHOWN);
  return (
    <section aria-labelledby="discussions-title" className="mt-10">
      <h2 id="discussions-title" className="text-2xl font-semibold">
        {circleId ? circleMessages.discussionsTitle : m.sectionTitle}
      </h2>
      <p className="mt-2 max-w-prose text-ink-soft">
        {circleId ? circleMessages.discussionsIntro : m.sectionIntro}
      </p>
      {summary.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-ink-soft">
          <Spinner size={16} />
          {m.sectionLoading}
        </p>
      ) : summary.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-ink-soft">{m.sectionError}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {m.retry}
          </button>
        </div>
      ) : (
        <>
          {segments.length === 0 ? <p className="mt-4 font-medium">{m.sectionEmpty}</p> : null}
          <ul className="mt-4 flex flex-col gap-2">
            {shown.map((segment) => (
              <li key={segment.segment}>
                <SegmentEntry slug={book.slug} segment={segment} circleId={circleId} />
              </li>
            ))}
            {segments.length > shown.length ? (
              <li>
                <button
                  type="button"
                  onClick={() => setAll(true)}
                  className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                >
                  {fill(m.showAll, { count: segments.length })}
                </button>
              </li>
            ) : null}
            {circleId ? null : (
              <li>
                <SalonEntry slug={book.slug} open={summary.data.salonOpen} />
              </li>
            )}
          </ul>
        </>
      )}
    </section>
  );
}

const entryClasses =
  'flex min-h-14 items-center gap-3 rounded-2xl border border-line bg-paper px-4 py-3';

function SegmentEntry({
  slug,
  segment,
  circleId,
}: {
  slug: string;
  segment: DiscussionSegment;
  circleId: string | null;
}) {
  const pages = fill(m.pagesLabel, { from: segment.from, to: segment.to });
  if (!segment.open) {
    return (
      <div className={`${entryClasses} text-ink-soft`}>
        <Lock size={18} aria-hidden="true" className="shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">{pages}</p>
          <p className="text-sm">
            <Users size={14} aria-hidden="true" className="mr-1 inline align-[-2px]" />
            {readersText(segment.readers)} · {m.locked}
          </p>
        </div>
      </div>
    );
  }
  return (
    <Link
      to={discussionPath(slug, segment.segment, circleId)}
      aria-label={`${fill(m.openLabel, { from: segment.from, to: segment.to })}\u00a0: ${postsText(segment.posts ?? 0)}`}
      className={`${entryClasses} hover:border-accent/60 hover:bg-paper-deep`}
    >
      <MessagesSquare size={18} aria-hidden="true" className="shrink-0 text-accent-strong" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{pages}</p>
        <p className="text-sm text-ink-soft">
          {postsText(segment.posts ?? 0)} · {readersText(segment.readers)}
        </p>
      </div>
      <span className="hidden font-semibold text-accent-strong sm:inline">{m.open}</span>
      <ChevronRight size={18} aria-hidden="true" className="shrink-0" />
    </Link>
  );
}

function SalonEntry({ slug, open }: { slug: string; open: boolean }) {
  if (!open) {
    return (
      <div className={`${entryClasses} text-ink-soft`}>
        <Lock size={18} aria-hidden="true" className="shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">{m.salon}</p>
          <p className="text-sm">{m.salonLocked}</p>
        </div>
      </div>
    );
  }
  return (
    <Link
      to={finishedChatPath(slug)}
      className={`${entryClasses} hover:border-accent/60 hover:bg-paper-deep`}
    >
      <MessagesSquare size={18} aria-hidden="true" className="shrink-0 text-accent-strong" />
      <p className="min-w-0 flex-1 font-semibold">{m.salon}</p>
      <span className="hidden font-semibold text-accent-strong sm:inline">{m.salonOpen}</span>
      <ChevronRight size={18} aria-hidden="true" className="shrink-0" />
    </Link>
  );
}
