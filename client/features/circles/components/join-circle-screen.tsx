import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { displayName } from '../../../../domain/accounts';
import { bookTitle } from '../../../../domain/book-display';
import { circleDay, circlePath, frenchDay } from '../../../../domain/circles';
import type { InvitationPreview } from '../../../../domain/circles.schemas';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { BookCover } from '../../../components/ui/book-cover';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useInvitation, useJoinCircle } from '../api/circles';
import { CircleSchedule } from './circle-schedule';

/**
 * /cercles/rejoindre/{code} (docs/architecture.md#reading-circles): the circle an invitation
 * opens (its name, book, rhythm and schedule, who started it, how many members), what joining
 * means, then « Rejoindre le cercle ». A visitor signs in first and comes back (the page is
 * protected by its route).
 */
export function JoinCircleScreen({ code }: { code: string }) {
  usePageMeta({ title: m.joinTitle });
  const invitation = useInvitation(code);
  if (invitation.data) return <Invitation code={code} preview={invitation.data} />;
  if (invitation.error) {
    return (
      <ErrorState
        title={m.joinTitle}
        detail={invitation.error instanceof HttpError ? invitation.error.message : m.loadFailed}
      />
    );
  }
  return <LoadingState text={m.joinLoading} />;
}

function Invitation({ code, preview }: { code: string; preview: InvitationPreview }) {
  const navigate = useNavigate();
  const join = useJoinCircle(code);
  const { circle, book } = preview;
  const title = bookTitle(book.title);
  const closed = circle.closedAt !== null;
  const member = preview.membership === 'member';
  const creator = circle.creator ? displayName(circle.creator) : '';
  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: (res) => {
        toast.success(res.message);
        navigate(circlePath(res.id));
      },
      onError: (error) => {
        // Already in: the circle's page is where the reader wants to be.
        if (error instanceof HttpError && error.code === 'ALREADY_EXISTS') {
          navigate(circlePath(circle.id));
          return;
        }
        toast.error(error instanceof HttpError ? error.message : m.loadFailed);
      },
    });
  const refusal = closed
    ? m.closedJoin
    : preview.membership === 'removed'
      ? m.removedCannotRejoin
      : preview.full
        ? m.full
        : null;
  return (
    <div className="mx-auto max-w-3xl px-5 py-8 md:px-6 md:py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">{m.joinTitle}</p>
      <header className="mt-3 flex gap-4">
        <div className="w-20 shrink-0 sm:w-24">
          <BookCover book={{ ...book, title }} alt="" sizes="96px" className="w-full" />
        </div>
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-semibold [overflow-wrap:anywhere] md:text-4xl">
            {circle.name}
          </h1>
          <p className="mt-1 text-lg [overflow-wrap:anywhere]">{title}</p>
          <p className="mt-1 text-sm text-ink-soft">
            {fillPlural(
              circle.paceDays,
              circleDay(new Date()) >= circle.startDay ? m.rhythm : m.rhythmFuture,
              { date: frenchDay(circle.startDay) },
            )}
          </p>
          <p className="text-sm text-ink-soft">{fillPlural(circle.memberCount, m.members)}</p>
        </div>
      </header>
      {creator ? (
        <p className="mt-6 text-lg [overflow-wrap:anywhere]">
          {fill(m.joinLead, { name: creator, title })}
        </p>
      ) : null}
      {member ? (
        <div className="mt-6">
          <p>{m.alreadyMemberNote}</p>
          <Link to={circlePath(circle.id)} className={buttonClasses({ className: 'mt-4' })}>
            {m.seeCircle}
          </Link>
        </div>
      ) : refusal ? (
        <p
          role="alert"
          className="mt-6 rounded-2xl border border-accent/40 bg-accent-soft px-4 py-3 font-medium text-accent-strong"
        >
          {refusal}
        </p>
      ) : (
        <div className="mt-6">
          <p className="text-ink-soft">{m.joinPrivacy}</p>
          <button
            type="button"
            onClick={onJoin}
            disabled={join.isPending}
            aria-busy={join.isPending || undefined}
            className={buttonClasses({ size: 'lg', className: 'mt-4 w-full sm:w-auto' })}
          >
            {join.isPending ? <Spinner /> : null}
            {join.isPending ? m.joining : m.join}
          </button>
        </div>
      )}
      <CircleSchedule schedule={preview.schedule} />
    </div>
  );
}
