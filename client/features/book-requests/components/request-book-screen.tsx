import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { bookRequestMessages as m } from '../../../../domain/messages/book-requests';
import { signInPath } from '../../../../domain/return-path';
import { buttonClasses } from '../../../components/ui/button-styles';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatFrenchDate } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';
import { useMyBookRequests } from '../api/book-requests';
import { RequestBookForm } from './request-book-form';
import { StatusBadge } from './status-badge';

/**
 * /request-book (docs/architecture.md#book-requests-and-premium): premium readers' form and their
 * requests. A visitor is told to sign in and sent to /auth; a reader without premium sees the
 * teaser. The server decides both again on every request.
 */
export function RequestBookScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = session.status === 'signed-out';
  const premium = session.status === 'signed-in' && session.user.isPremium;
  const requests = useMyBookRequests(premium);

  useEffect(() => {
    if (!signedOut) return;
    toast.error(m.signInRequiredTitle, { description: m.signInRequired });
    navigate(signInPath(location), { replace: true });
  }, [signedOut, navigate, location]);
  const notPremium = session.status === 'signed-in' && !premium;
  useEffect(() => {
    if (notPremium) toast.error(m.premiumRequiredTitle, { description: m.premiumRequired });
  }, [notPremium]);

  if (session.status !== 'signed-in') return <LoadingState text={m.submitting} />;
  return (
    <div className="mx-auto max-w-3xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="font-serif text-3xl font-semibold md:text-4xl">{m.title}</h1>
      {premium ? (
        <>
          <p className="mt-3 text-lg text-ink-soft">{m.lead}</p>
          <div className="mt-8 rounded-2xl border border-line bg-paper-deep/60 p-5 md:p-6">
            <RequestBookForm remaining={requests.data?.remaining} />
          </div>
          <section aria-labelledby="my-requests" className="mt-10">
            <h2 id="my-requests" className="text-xl font-semibold">
              {m.mineTitle}
            </h2>
            {requests.isError ? (
              <p role="alert" className="mt-3 text-accent">
                {m.loadFailed}{' '}
                <button type="button" className="underline" onClick={() => void requests.refetch()}>
                  {m.retry}
                </button>
              </p>
            ) : requests.data?.items.length === 0 ? (
              <p className="mt-3 text-ink-soft">{m.mineEmpty}</p>
            ) : (
              <ul className="mt-3 divide-y divide-line">
                {requests.data?.items.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div>
                      <p className="font-semibold">{r.title}</p>
                      <p className="text-sm text-ink-soft">
                        {[r.author, formatFrenchDate(r.createdAt)].filter(Boolean).join(' · ')}
                      </p>
                    </div>
                    <StatusBadge status={r.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : (
        <div className="mt-8 rounded-2xl border border-accent/40 bg-paper p-6">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent">
            {m.premiumRequiredTitle}
          </p>
          <h2 className="mt-2 text-xl font-semibold">{m.teaserTitle}</h2>
          <p className="mt-2 text-ink-soft">{m.premiumRequired}</p>
          <p className="mt-2 text-ink-soft">{m.teaserText}</p>
          <Link to="/premium" className={buttonClasses({ className: 'mt-5' })}>
            {m.teaserAction}
          </Link>
        </div>
      )}
    </div>
  );
}
