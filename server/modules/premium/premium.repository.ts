import { sql } from 'drizzle-orm';
import type { PremiumPlan } from '../../../domain/premium';
import type { Db } from '../../db/client';
import { setPremiumFlags } from '../auth';

/** A transaction (or the pool) that runs statements. */
export type PremiumExecutor = Pick<Db, 'execute'>;

/** A reader's premium as derived from their purchases at an instant (decision 027). */
export type PremiumStatus = {
  isPremium: boolean;
  since: Date | null;
  /** End of the paid period; null for lifetime (or no premium). */
  until: Date | null;
  plan: PremiumPlan | null;
  /** An annual subscription not yet ended: it renews unless cancelled in Stripe's portal. */
  renewing: boolean;
};

const toDate = (v: unknown) => (v == null ? null : new Date(v as string));

/**
 * The derivation (decision 027): a lifetime purchase counts until it is refunded; an annual
 * one until the end of its paid period, or of its cancellation when it ended earlier.
 */
export async function premiumStatusOf(
  tx: PremiumExecutor,
  readerId: string,
  at: Date = new Date(),
): Promise<PremiumStatus> {
  const now = at.toISOString();
  const { rows } = await tx.execute<{
    is_premium: boolean | null;
    since: string | null;
    lifetime: boolean | null;
    until: string | null;
    renewing: boolean | null;
  }>(sql`
    with p as (
      select *, (plan = 'lifetime' and refunded_at is null)
             or (plan = 'annual' and coalesce(canceled_until, paid_until) > ${now}::timestamptz) as active
      from premium_purchases where reader_id = ${readerId}::uuid and started_at is not null)
    select bool_or(active) as is_premium,
           min(started_at) filter (where active) as since,
           bool_or(active and plan = 'lifetime') as lifetime,
           max(coalesce(canceled_until, paid_until)) filter (where active) as until,
           bool_or(active and plan = 'annual' and canceled_until is null) as renewing
    from p`);
  const row = rows[0];
  const isPremium = row?.is_premium === true;
  const lifetime = row?.lifetime === true;
  return {
    isPremium,
    since: isPremium ? toDate(row?.since) : null,
    until: isPremium && !lifetime ? toDate(row?.until) : null,
    plan: !isPremium ? null : lifetime ? 'lifetime' : 'annual',
    renewing: row?.renewing === true,
  };
}

/** Derives the reader's premium again and copies it onto their session (auth's flags). */
export async function syncPremium(tx: PremiumExecutor, readerId: string, at = new Date()) {
  const status = await premiumStatusOf(tx, readerId, at);
  await setPremiumFlags(tx, readerId, { isPremium: status.isPremium, premiumSince: status.since });
  return status;
}

/** Stores a Stripe event's id; false when it was applied already (a replay). */
export async function claimEvent(
  tx: PremiumExecutor,
  event: { id: string; type: string; created: number },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    insert into stripe_events (id, type, stripe_created_at)
    values (${event.id}, ${event.type}, to_timestamp(${event.created}))
    on conflict (id) do nothing returning id`);
  return rows.length > 0;
}

/** What an event says about one purchase; each field only moves one way (any order works). */
export type PurchaseChange = {
  ref: string;
  plan: PremiumPlan;
  readerId?: string | null;
  customer?: string | null;
  startedAt?: Date | null;
  paidUntil?: Date | null;
  canceledUntil?: Date | null;
  refundedAt?: Date | null;
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Records a change of a purchase; answers its reader, if known. */
export async function applyPurchaseChange(
  tx: PremiumExecutor,
  change: PurchaseChange,
): Promise<string | null> {
  const { rows } = await tx.execute<{ reader_id: string | null }>(sql`
    insert into premium_purchases
      (plan, stripe_ref, reader_id, stripe_customer, started_at, paid_until, canceled_until, refunded_at)
    values (${change.plan}, ${change.ref}, ${change.readerId ?? null}::uuid, ${change.customer ?? null},
      ${iso(change.startedAt)}::timestamptz, ${iso(change.paidUntil)}::timestamptz,
      ${iso(change.canceledUntil)}::timestamptz, ${iso(change.refundedAt)}::timestamptz)
    on conflict (stripe_ref) do update set
      reader_id = coalesce(premium_purchases.reader_id, excluded.reader_id),
      stripe_customer = coalesce(premium_purchases.stripe_customer, excluded.stripe_customer),
      started_at = least(premium_purchases.started_at, excluded.started_at),
      paid_until = greatest(premium_purchases.paid_until, excluded.paid_until),
      canceled_until = coalesce(premium_purchases.canceled_until, excluded.canceled_until),
      refunded_at = coalesce(premium_purchases.refunded_at, excluded.refunded_at),
      updated_at = now()
    returning reader_id`);
  return rows[0]?.reader_id ?? null;
}

/** Readers whose annual access ended in the day before `at`: their flags need clearing. */
export async function readersEndedBefore(tx: PremiumExecutor, at: Date): Promise<string[]> {
  const { rows } = await tx.execute<{ reader_id: string }>(sql`
    select distinct reader_id from premium_purchases
    where reader_id is not null and plan = 'annual'
      and coalesce(canceled_until, paid_until) <= ${at.toISOString()}::timestamptz
      and coalesce(canceled_until, paid_until) > ${at.toISOString()}::timestamptz - interval '2 days'`);
  return rows.map((r) => r.reader_id);
}
