import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';

// Premium comes only from Stripe's webhook (decision 027). Each event is applied once: its
// id is stored in the transaction that applies it. No payload is kept (no personal data).
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// One row per purchase: a lifetime payment (keyed by its payment intent) or an annual
// subscription (keyed by its subscription id). Events may come in any order, so each
// field only moves one way: paid_until only grows, canceled_until and refunded_at are set
// once, and the reader is known only from the checkout (client_reference_id). Whether a
// reader is premium, since when and until when are derived from these rows (premium.sql.ts).
export const premiumPurchases = pgTable(
  'premium_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    readerId: readerIdColumn('reader_id', 'cascade'),
    plan: text('plan', { enum: ['lifetime', 'annual'] }).notNull(),
    stripeRef: text('stripe_ref').notNull().unique(),
    stripeCustomer: text('stripe_customer'),
    /** When the checkout completed (null until its event arrives). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Annual: the end of the last paid period. */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** Annual: the subscription ended; access until then. */
    canceledUntil: timestamp('canceled_until', { withTimezone: true }),
    /** Lifetime: refunded in full, access revoked. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('premium_purchases_reader_idx').on(t.readerId),
    check(
      'premium_purchases_plan_fields',
      sql`(${t.plan} = 'lifetime' and ${t.paidUntil} is null and ${t.canceledUntil} is null)
        or (${t.plan} = 'annual' and ${t.refundedAt} is null)`,
    ),
  ],
);
