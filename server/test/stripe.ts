import Stripe from 'stripe';
import type { TestApp } from './app';

/** The webhook secret the premium tests configure (a test value, not a real one). */
export const TEST_WEBHOOK_SECRET = 'whsec_lisons_test_secret';

export const premiumEnv = {
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_LINK_LIFETIME: 'https://buy.stripe.com/test_lifetime',
  STRIPE_LINK_ANNUAL: 'https://buy.stripe.com/test_annual',
  STRIPE_PORTAL_URL: 'https://billing.stripe.com/p/login/test_portal',
};

let counter = 0;
const at = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

/** A Stripe event as Stripe sends it (only the fields the webhook reads, plus the envelope). */
export function stripeEvent(type: string, object: Record<string, unknown>, created = new Date()) {
  counter += 1;
  return {
    id: `evt_test_${Date.now()}_${counter}`,
    object: 'event',
    type,
    created: at(created),
    livemode: false,
    data: { object },
  };
}

export const events = {
  lifetimeCheckout: (readerId: string, paymentIntent: string, created?: Date) =>
    stripeEvent(
      'checkout.session.completed',
      {
        id: `cs_${paymentIntent}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        client_reference_id: readerId,
        customer: 'cus_test',
        payment_intent: paymentIntent,
      },
      created,
    ),
  annualCheckout: (readerId: string, subscription: string, created?: Date) =>
    stripeEvent(
      'checkout.session.completed',
      {
        id: `cs_${subscription}`,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: readerId,
        customer: 'cus_test',
        subscription,
      },
      created,
    ),
  invoicePaid: (subscription: string, periodEnd: Date, created?: Date) =>
    stripeEvent(
      'invoice.paid',
      {
        id: `in_${counter}`,
        object: 'invoice',
        customer: 'cus_test',
        parent: { type: 'subscription_details', subscription_details: { subscription } },
        lines: { data: [{ period: { start: at(created ?? new Date()), end: at(periodEnd) } }] },
      },
      created,
    ),
  subscriptionDeleted: (subscription: string, endedAt: Date, created?: Date) =>
    stripeEvent(
      'customer.subscription.deleted',
      {
        id: subscription,
        object: 'subscription',
        status: 'canceled',
        customer: 'cus_test',
        ended_at: at(endedAt),
      },
      created,
    ),
  refunded: (paymentIntent: string, created?: Date) =>
    stripeEvent(
      'charge.refunded',
      {
        id: `ch_${paymentIntent}`,
        object: 'charge',
        refunded: true,
        payment_intent: paymentIntent,
      },
      created,
    ),
};

/** Posts an event to the webhook, signed with `secret` by the stripe library's test helper. */
export async function postEvent(
  t: Pick<TestApp, 'app'>,
  event: object,
  secret: string = TEST_WEBHOOK_SECRET,
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
