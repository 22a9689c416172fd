import { ArrowLeft, MessagesSquare } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { displayName } from '../../../../domain/accounts';
import { bookPath, bookTitle } from '../../../../domain/book-display';
import { frenchDay } from '../../../../domain/circles';
import type { CirclePage } from '../../../../domain/circles.schemas';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { appPaths } from '../../../../domain/screen-paths';
import { BookCover } from '../../../components/ui/book-cover';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../../lib/use-session';
import { useCircle } from '../api/circles';
import { CircleActions, EmailReminderSetting } from './circle-actions';
import { CircleMembers } from './circle-members';
import { CircleSchedule } from './circle-schedule';
import { InvitePanel } from './invite-panel';
import { StandingChip } from './standing-chip';

/** The circle's segment discussions, drawn by the discussions feature (the page passes them in). */
export type CircleDiscussionsComponent = ComponentType<{
  book: { id: string; slug: string; title: string };
  validated: number;
  circleId: string;
}>;

/**
 * /cercles/{id} (docs/architecture.md#reading-circles), for the circle's members only: its
 * book and rhythm, where I stand, the schedule, the members and their progress, the segment
 * discussions among its members (`discussions`), my e-mail reminder, the creator's invitations,
 * leaving or closing.
 */
export function CircleScreen({
  circleId,
  discussions,
}: {
  circleId: string;
  discussions?: CircleDiscussionsComponent;
}) {
  const circle = useCircle(circleId);
  usePageMeta({ title: circle.data?.circle.name ?? (circle.error ? m.loadFailed : m.loading) });
  if (circle.data) return <CircleView page={circle.data} discussions={discussions} />;
  if (circle.error) {
    return (
      <ErrorState
        title={m.loadFailed}
        detail={circle.error instanceof HttpError ? circle.error.message : undefined}
        retryLabel={m.retry}
        onRetry={() => void circle.refetch()}
      />
    );
  }
  return <LoadingState text={m.loading} />;
}

function CircleView({
  page,
  discussions: Discussions,
}: {
  page: CirclePage;
  discussions?: CircleDiscussionsComponent | undefined;
}) {
  const session = useSession();
  const meId = session.status === 'signed-in' ? session.user.id : '';
  const { circle, book, me } = page;
  const title = bookTitle(book.title);
  const started = page.today >= circle.startDay;
  const rhythm = fillPlural(circle.paceDays, started ? m.rhythm : m.rhythmFuture, {
    date: frenchDay(circle.startDay),
  });
  const closed = circle.closedAt !== null;
  return (
    <div className="mx-auto max-w-3xl px-5 py-8 md:px-6 md:py-12">
      <Link
        to={`${appPaths.readingList}#cercles`}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-soft hover:text-ink"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {m.backToList}
      </Link>
      <header className="mt-4 flex gap-4">
        <Link
          to={bookPath(book.slug)}
          tabIndex={-1}
          aria-hidden="true"
          className="w-20 shrink-0 sm:w-24"
        >
          <BookCover book={{ ...book, title }} alt="" sizes="96px" className="w-full" />
        </Link>
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-semibold [overflow-wrap:anywhere] md:text-4xl">
            {circle.name}
          </h1>
          <p className="mt-1 text-lg [overflow-wrap:anywhere]">
            <Link to={bookPath(book.slug)} className="underline underline-offset-4">
              {title}
            </Link>
          </p>
          <p className="mt-1 text-sm text-ink-soft">{rhythm}</p>
          {circle.creator ? (
            <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">
              {fill(m.startedBy, { name: displayName(circle.creator) })}
            </p>
          ) : null}
        </div>
      </header>
      {closed ? (
        <p role="status" className="mt-6 rounded-2xl border border-line bg-paper-deep px-4 py-3">
          {m.closedNotice}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <StandingChip standing={me.standing} />
        <span className="text-ink-soft">
          {fill(m.progress, { validated: me.validated, total: book.expectedSegments })}
        </span>
      </div>
      <CircleSchedule
        schedule={page.schedule}
        mine={{ validated: me.validated, today: page.today }}
      />
      <CircleMembers
        circleId={circle.id}
        members={page.members}
        expected={book.expectedSegments}
        meId={meId}
        isCreator={circle.isCreator}
      />
      {/* The segment discussions restricted to the circle's members, each opened once I
          validated its segment (the same rule as the book's discussions). */}
      <div data-slot="circle-discussions">
        {Discussions ? (
          <Discussions
            book={{ id: book.id, slug: book.slug, title }}
            validated={me.validated}
            circleId={circle.id}
          />
        ) : (
          <section aria-labelledby="discussions" className="mt-10">
            <h2 id="discussions" className="flex items-center gap-2 text-2xl font-semibold">
              <MessagesSquare size={22} aria-hidden="true" />
              {m.discussionsTitle}
            </h2>
            <p className="mt-2 text-ink-soft">{m.discussionsSoon}</p>
          </section>
        )}
      </div>
      <EmailReminderSetting circleId={circle.id} on={me.emailReminders} />
      {circle.isCreator && circle.inviteCode && !closed ? (
        <InvitePanel
          circleId={circle.id}
          code={circle.inviteCode}
          meId={meId}
          memberIds={page.members.map((x) => x.reader.id)}
        />
      ) : null}
      <CircleActions circleId={circle.id} isCreator={circle.isCreator} closed={closed} />
    </div>
  );
}
