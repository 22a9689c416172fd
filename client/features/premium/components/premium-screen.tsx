import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { fill } from '../../../../domain/messages/fill';
import { premiumMessages as m } from '../../../../domain/messages/premium';
import { euros, monthlyOf, PRICING, type PremiumPlan } from '../../../../domain/premium';
import { signInPath } from '../../../../domain/return-path';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { formatFrenchDate } from '../../../lib/format';
import { HttpError } from '../../../lib/http-error';
import { useSession } from '../../../lib/use-session';
import { useCheckout, usePremiumOffer, usePremiumState } from '../api/premium';
import { PlanCard } from './plan-card';

/**
 * /premium (docs/architecture.md#book-requests-and-premium): the three offers and the FAQ. Buying
 * sends a visitor to /auth first; a reader goes to Stripe's payment page. Premium itself only ever
 * comes back through Stripe's webhook.
 */
export function PremiumScreen() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const offer = usePremiumOffer();
  const state = usePremiumState(signedIn);
  const premium = state.data?.isPremium ?? (signedIn && session.user.isPremium);

  return (
    <div className="mx-auto max-w-5xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="font-serif text-3xl font-semibold md:text-4xl">{m.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{m.lead}</p>
      {premium ? <PremiumStatus /> : null}
      <div className="mt-8 grid gap-5 md:grid-cols-3">
        <PlanCard name={m.freeName} price={euros(PRICING.free)} features={m.freeFeatures}>
          {!premium && signedIn ? <p className="text-sm text-ink-soft">{m.currentPlan}</p> : null}
        </PlanCard>
        <PlanCard
          name={m.lifetimeName}
          badge={offer.data?.earlyBirdOpen === false ? undefined : m.lifetimeBadge}
          highlighted
          price={
            offer.data?.earlyBirdOpen === false ? (
              euros(PRICING.lifetimeRegular)
            ) : (
              <>
                {euros(PRICING.lifetimeEarlyBird)}{' '}
                <s className="text-xl font-normal text-ink-soft">
                  <span className="sr-only">{m.regularPrice}</span>
                  {euros(PRICING.lifetimeRegular)}
                </s>
              </>
            )
          }
          note={
            offer.data?.earlyBirdOpen === false
              ? m.lifetimeEnded
              : offer.data?.earlyBirdUntil
                ? fill(m.lifetimeUntil, {
                    date: formatFrenchDate(`${offer.data.earlyBirdUntil}T12:00:00Z`),
                  })
                : undefined
          }
          features={m.lifetimeFeatures}
        >
          <BuyButton plan="lifetime" available={offer.data?.lifetimeAvailable} premium={premium} />
        </PlanCard>
        <PlanCard
          name={m.annualName}
          price={
            <>
              {euros(PRICING.annual)}
              <span className="text-base font-normal text-ink-soft">{m.annualPerYear}</span>
            </>
          }
          note={fill(m.annualPerMonth, { amount: euros(monthlyOf(PRICING.annual)) })}
          features={m.annualFeatures}
        >
          <BuyButton plan="annual" available={offer.data?.annualAvailable} premium={premium} />
        </PlanCard>
      </div>
      <section aria-labelledby="premium-faq" className="mt-14 max-w-3xl">
        <h2 id="premium-faq" className="font-serif text-2xl font-semibold">
          {m.faqTitle}
        </h2>
        <dl className="mt-4 divide-y divide-line">
          {m.faq.map((item) => (
            <div key={item.question} className="py-4">
              <dt className="font-semibold">{item.question}</dt>
              <dd className="mt-1 text-ink-soft">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function PremiumStatus() {
  const state = usePremiumState(true);
  const data = state.data;
  if (!data?.isPremium) return null;
  return (
    <div className="mt-6 rounded-2xl border border-accent/40 bg-paper p-5" role="status">
      <p className="font-semibold">{m.alreadyPremium}</p>
      <p className="mt-1 text-ink-soft">
        {data.until
          ? fill(m.premiumUntil, { date: formatFrenchDate(data.until) })
          : m.premiumLifetime}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/request-book" className={buttonClasses({ size: 'sm' })}>
          {m.requestBook}
        </Link>
        {data.plan === 'annual' && data.portalUrl ? (
          <a href={data.portalUrl} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {m.manageSubscription}
          </a>
        ) : null}
      </div>
    </div>
  );
}

function BuyButton(props: { plan: PremiumPlan; available: boolean | undefined; premium: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const checkout = useCheckout();
  const [redirecting, setRedirecting] = useState(false);
  if (props.premium) return null;
  if (props.available === false) {
    return (
      <p className="text-sm font-medium text-ink-soft" role="note">
        {m.paymentUnavailable}
      </p>
    );
  }
  const busy = checkout.isPending || redirecting;
  const buy = () => {
    if (session.status !== 'signed-in') {
      navigate(signInPath(location));
      return;
    }
    checkout.mutate(props.plan, {
      onSuccess: ({ url }) => {
        setRedirecting(true);
        window.location.assign(url);
      },
    });
  };
  const error =
    checkout.error instanceof HttpError
      ? checkout.error.message
      : checkout.error
        ? m.checkoutFailed
        : null;
  return (
    <div>
      <button
        type="button"
        onClick={buy}
        disabled={busy || props.available === undefined}
        aria-busy={busy || undefined}
        className={buttonClasses({ className: 'w-full' })}
      >
        {busy ? <Spinner /> : null}
        {busy ? m.redirecting : m.buy}
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}
