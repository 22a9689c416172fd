import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumMessages as m } from '../../../domain/messages/premium';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createReader, type Reader } from '../../test/factories';
import { runSchedule } from '../../test/jobs';
import { events, postEvent, premiumEnv } from '../../test/stripe';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number, from = Date.now()) => new Date(from + n * DAY);

describe('premium comes only from Stripe’s signed webhook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(premiumEnv);
  });
  afterAll(() => t.close());

  const session = async (reader: Reader) =>
    (await callAs(t.app, reader).get('/api/auth/session')).json().user;
  const me = async (reader: Reader) => (await callAs(t.app, reader).get('/api/premium/me')).json();
  const count = async (table: string) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql.raw(`select count(*)::int as n from ${table}`),
        )
      ).rows[0]?.n,
    );

  it('refuses a bad signature with a French 400 and changes nothing', async () => {
    const reader = await createReader(t.app);
    const before = {
      events: await count('stripe_events'),
      purchases: await count('premium_purchases'),
    };
    const event = events.lifetimeCheckout(reader.id, 'pi_forged');
    for (const res of [
      await postEvent(t, event, 'whsec_not_the_secret'),
      await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        payload: JSON.stringify(event),
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: m.webhookSignatureInvalid,
      });
    }
    expect(await count('stripe_events')).toBe(before.events);
    expect(await count('premium_purchases')).toBe(before.purchases);
    expect(await session(reader)).toMatchObject({ isPremium: false, premiumSince: null });
  });

  it('a lifetime checkout makes the reader premium; a replay applies once', async () => {
    const reader = await createReader(t.app);
    const event = events.lifetimeCheckout(reader.id, 'pi_lifetime_1');
    const first = await postEvent(t, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    const replay = await postEvent(t, event);
    expect(replay.json()).toEqual({ received: true, applied: false });
    const rows = await t.database.db.execute(
      sql`select plan from premium_purchases where reader_id = ${reader.id}`,
    );
    expect(rows.rows).toEqual([{ plan: 'lifetime' }]);
    expect(await session(reader)).toMatchObject({
      isPremium: true,
      premiumSince: expect.any(String),
    });
    expect(await me(reader)).toMatchObject({ isPremium: true, plan: 'lifetime', until: null });
  });

  it('a full refund of a lifetime purchase revokes it, in either order', async () => {
    const a = await createReader(t.app);
    await postEvent(t, events.lifetimeCheckout(a.id, 'pi_refund_a'));
    await postEvent(t, events.refunded('pi_refund_a'));
    expect(await session(a)).toMatchObject({ isPremium: false, premiumSince: null });
    // The refund first, the checkout after: the same end.
    const b = await createReader(t.app);
    await postEvent(t, events.refunded('pi_refund_b'));
    await postEvent(t, events.lifetimeCheckout(b.id, 'pi_refund_b'));
    expect(await session(b)).toMatchObject({ isPremium: false });
  });

  it('annual: renewals extend the end, a cancellation keeps access until the period’s end', async () => {
    const reader = await createReader(t.app);
    const sub = 'sub_annual_1';
    await postEvent(t, events.annualCheckout(reader.id, sub));
    const yearEnd = inDays(365);
    await postEvent(t, events.invoicePaid(sub, yearEnd));
    expect(await me(reader)).toMatchObject({
      isPremium: true,
      plan: 'annual',
      until: yearEnd.toISOString().replace(/\.\d+Z$/, '.000Z'),
      renewingSubscription: true,
      portalUrl: premiumEnv.STRIPE_PORTAL_URL,
    });
    const renewed = inDays(730);
    await postEvent(t, events.invoicePaid(sub, renewed));
    expect((await me(reader)).until).toBe(renewed.toISOString().replace(/\.\d+Z$/, '.000Z'));
    // Cancelled at the period's end: still premium until then, no longer renewing.
    await postEvent(t, events.subscriptionDeleted(sub, renewed));
    expect(await me(reader)).toMatchObject({ isPremium: true, renewingSubscription: false });
  });

  it('out-of-order events end in the right state', async () => {
    const reader = await createReader(t.app);
    const sub = 'sub_out_of_order';
    const start = Date.now() - 400 * DAY;
    const periodEnd = inDays(30, Date.now());
    // Stripe sends: checkout, invoice (first year), invoice (renewal), deletion now.
    // We receive: the deletion, the renewal, the checkout, then the first invoice.
    const deleted = events.subscriptionDeleted(sub, inDays(-1), new Date());
    const renewal = events.invoicePaid(sub, periodEnd, inDays(-35));
    const checkout = events.annualCheckout(reader.id, sub, new Date(start));
    const firstYear = events.invoicePaid(sub, inDays(365, start), new Date(start));
    for (const e of [deleted, renewal]) await postEvent(t, e);
    // Nothing names the reader yet: no premium for anyone.
    expect(await session(reader)).toMatchObject({ isPremium: false });
    for (const e of [checkout, firstYear]) await postEvent(t, e);
    // Cancelled immediately yesterday: no access, whatever came later.
    expect(await me(reader)).toMatchObject({ isPremium: false, plan: null });
    expect(await session(reader)).toMatchObject({ isPremium: false });
  });

  it('the hourly schedule clears the session flag once an annual period ended', async () => {
    const reader = await createReader(t.app);
    const sub = 'sub_expiring';
    const end = inDays(3);
    await postEvent(t, events.annualCheckout(reader.id, sub));
    await postEvent(t, events.subscriptionDeleted(sub, end));
    expect(await session(reader)).toMatchObject({ isPremium: true });
    await runSchedule(t, 'premium-expiry', new Date(end.getTime() + 60 * 60 * 1000));
    expect(await session(reader)).toMatchObject({ isPremium: false, premiumSince: null });
  });

  it('a checkout naming no reader, or an unknown one, grants nothing', async () => {
    const before = await count('premium_purchases');
    const res = await postEvent(
      t,
      events.lifetimeCheckout('00000000-0000-4000-8000-000000000000', 'pi_nobody'),
    );
    expect(res.json()).toEqual({ received: true, applied: true });
    const rows = await t.database.db.execute(
      sql`select reader_id from premium_purchases where stripe_ref = 'pi_nobody'`,
    );
    expect(rows.rows).toEqual([{ reader_id: null }]);
    expect(await count('premium_purchases')).toBe(before + 1);
  });

  it('checkout: signed out is refused; signed in gets the link with the reader’s e-mail and id', async () => {
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/premium/checkout',
      headers: origin,
      payload: { plan: 'annual' },
    });
    expect(out.statusCode).toBe(401);
    const reader = await createReader(t.app);
    const res = await callAs(t.app, reader).post('/api/premium/checkout', { plan: 'annual' });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(premiumEnv.STRIPE_LINK_ANNUAL);
    expect(url.searchParams.get('prefilled_email')).toBe(reader.email);
    expect(url.searchParams.get('client_reference_id')).toBe(reader.id);
    const bad = await callAs(t.app, reader).post('/api/premium/checkout', { plan: 'gratuit' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(m.planInvalid);
  });
});

describe('premium without Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('offers no payment, and the webhook says it is not configured', async () => {
    const offer = await t.app.inject({ method: 'GET', url: '/api/premium/offer' });
    expect(offer.json()).toMatchObject({ lifetimeAvailable: false, annualAvailable: false });
    const reader = await createReader(t.app);
    const res = await callAs(t.app, reader).post('/api/premium/checkout', { plan: 'lifetime' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.paymentUnavailable);
    const hook = await postEvent(t, events.lifetimeCheckout(reader.id, 'pi_x'));
    expect(hook.statusCode).toBe(404);
    expect(hook.json().error.message).toBe(m.webhookUnconfigured);
  });

  it('ends the early-bird offer after its day (Paris)', async () => {
    const ended = await buildTestApp({ ...premiumEnv, PREMIUM_EARLY_BIRD_UNTIL: '2020-10-15' });
    try {
      const offer = await ended.app.inject({ method: 'GET', url: '/api/premium/offer' });
      expect(offer.json()).toEqual({
        earlyBirdUntil: '2020-10-15',
        earlyBirdOpen: false,
        lifetimeAvailable: false,
        annualAvailable: true,
      });
    } finally {
      await ended.close();
    }
  });
});
