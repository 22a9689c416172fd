import type { PurchaseChange } from './premium.repository';

// What each Stripe event we handle says about a purchase (decision 027). Events are read
// as plain JSON (the fields below), so an API version that moved a field still works: both
// places are read. Unknown events change nothing (they are still stored once).

export type StripeEvent = { id: string; type: string; created: number; data: { object: unknown } };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** An id, whether the field holds it or the expanded object. */
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v).id);
const seconds = (v: unknown): Date | null => (typeof v === 'number' ? new Date(v * 1000) : null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A year after `from`: the first annual period, until the first invoice says otherwise. */
function aYearAfter(from: Date): Date {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

function checkoutChange(event: StripeEvent): PurchaseChange | null {
  const s = obj(event.data.object);
  if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') return null;
  const reference = str(s.client_reference_id);
  const readerId = reference && UUID.test(reference) ? reference.toLowerCase() : null;
  const startedAt = seconds(event.created);
  const customer = idOf(s.customer);
  if (s.mode === 'subscription') {
    const ref = idOf(s.subscription);
    if (!ref || !startedAt) return null;
    return { ref, plan: 'annual', readerId, customer, startedAt, paidUntil: aYearAfter(startedAt) };
  }
  if (s.mode === 'payment') {
    const ref = idOf(s.payment_intent) ?? str(s.id);
    if (!ref) return null;
    return { ref, plan: 'lifetime', readerId, customer, startedAt };
  }
  return null;
}

function invoiceChange(event: StripeEvent): PurchaseChange | null {
  const invoice = obj(event.data.object);
  const parent = obj(obj(invoice.parent).subscription_details);
  const ref = idOf(parent.subscription) ?? idOf(invoice.subscription);
  if (!ref) return null;
  const lines = Array.isArray(obj(invoice.lines).data)
    ? (obj(invoice.lines).data as unknown[])
    : [];
  const ends = lines
    .map((line) => seconds(obj(obj(line).period).end))
    .filter((d): d is Date => d !== null);
  const paidUntil = ends.length
    ? new Date(Math.max(...ends.map((d) => d.getTime())))
    : seconds(invoice.period_end);
  if (!paidUntil) return null;
  return { ref, plan: 'annual', customer: idOf(invoice.customer), paidUntil };
}

function periodEndOf(subscription: Obj): Date | null {
  const items = Array.isArray(obj(subscription.items).data)
    ? (obj(subscription.items).data as unknown[])
    : [];
  const itemEnd = items.map((i) => seconds(obj(i).current_period_end)).find((d) => d !== null);
  return itemEnd ?? seconds(subscription.current_period_end);
}

function subscriptionChange(event: StripeEvent): PurchaseChange | null {
  const sub = obj(event.data.object);
  const ref = str(sub.id);
  if (!ref) return null;
  const customer = idOf(sub.customer);
  const ended = event.type === 'customer.subscription.deleted' || sub.status === 'canceled';
  if (ended) {
    // Access until the period's end; an immediate cancellation ended it earlier.
    const canceledUntil = seconds(sub.ended_at) ?? periodEndOf(sub) ?? seconds(event.created);
    return { ref, plan: 'annual', customer, canceledUntil };
  }
  if (sub.status === 'active' || sub.status === 'trialing') {
    return { ref, plan: 'annual', customer, paidUntil: periodEndOf(sub) };
  }
  return null;
}

function refundChange(event: StripeEvent): PurchaseChange | null {
  const charge = obj(event.data.object);
  // Only a full refund revokes a lifetime purchase.
  if (charge.refunded !== true) return null;
  const ref = idOf(charge.payment_intent);
  if (!ref) return null;
  return { ref, plan: 'lifetime', refundedAt: seconds(event.created) };
}

/** The purchase change an event carries, or null when it changes nothing we keep. */
export function purchaseChangeOf(event: StripeEvent): PurchaseChange | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutChange(event);
    case 'invoice.paid':
      return invoiceChange(event);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChange(event);
    case 'charge.refunded':
      return refundChange(event);
    default:
      return null;
  }
}
