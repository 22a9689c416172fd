import { premiumMessages as m } from '../../../domain/messages/premium';
import type { PremiumPlan } from '../../../domain/premium';
import type { PremiumOffer, PremiumState } from '../../../domain/premium.schemas';
import type { PremiumConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { readerExists } from '../auth';
import type { ScheduledJob } from '../jobs';
import { PARIS } from '../jobs';
import {
  applyPurchaseChange,
  claimEvent,
  premiumStatusOf,
  readersEndedBefore,
  syncPremium,
} from './premium.repository';
import { purchaseChangeOf, type StripeEvent } from './stripe-events';

/** Today's date in Paris, as YYYY-MM-DD (the early-bird offer ends at the end of a Paris day). */
function parisDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PARIS }).format(at);
}

/**
 * Premium (decision 027): granted only by Stripe's verified webhook, derived from the
 * purchases it records, copied onto the reader's session flags.
 */
export function createPremiumService({ db, config }: { db: Db; config: PremiumConfig }) {
  const earlyBirdOpen = (at: Date) =>
    config.earlyBirdUntil === undefined || parisDay(at) <= config.earlyBirdUntil;

  return {
    offer(at = new Date()): PremiumOffer {
      return {
        earlyBirdUntil: config.earlyBirdUntil ?? null,
        earlyBirdOpen: earlyBirdOpen(at),
        lifetimeAvailable: config.lifetimeLink !== undefined && earlyBirdOpen(at),
        annualAvailable: config.annualLink !== undefined,
      };
    },

    async stateOf(readerId: string): Promise<PremiumState> {
      const status = await premiumStatusOf(db, readerId);
      return {
        isPremium: status.isPremium,
        since: status.since?.toISOString() ?? null,
        until: status.until?.toISOString() ?? null,
        plan: status.plan,
        renewingSubscription: status.renewing,
        portalUrl: config.portalUrl ?? null,
      };
    },

    /** Premium now, from the purchases themselves (not the session's copy). */
    async isPremium(readerId: string, tx: Pick<Db, 'execute'> = db): Promise<boolean> {
      return (await premiumStatusOf(tx, readerId)).isPremium;
    },

    /** The payment link of a plan, prefilled with the reader's address and id. */
    async checkoutUrl(reader: { id: string; email: string }, plan: PremiumPlan): Promise<string> {
      const link = plan === 'lifetime' ? config.lifetimeLink : config.annualLink;
      // Not configured here: a refusal of this request, not a server failure.
      if (!link) throw new AppError('CONFLICT', m.paymentUnavailable);
      if (plan === 'lifetime' && !earlyBirdOpen(new Date())) {
        throw new AppError('CONFLICT', m.lifetimeOver);
      }
      const status = await premiumStatusOf(db, reader.id);
      if (status.plan === 'lifetime' || status.renewing) {
        throw new AppError('CONFLICT', m.alreadyPremium);
      }
      const url = new URL(link);
      url.searchParams.set('prefilled_email', reader.email);
      url.searchParams.set('client_reference_id', reader.id);
      return url.toString();
    },

    /** Verifies a webhook call's signature on the raw body; a bad one changes nothing. */
    async verify(rawBody: string, signature: string | undefined): Promise<StripeEvent> {
      if (!config.webhookSecret) throw new AppError('NOT_FOUND', m.webhookUnconfigured);
      // Loaded on the first webhook: the library holds ~38 MB a process would carry idle.
      const { default: Stripe } = await import('stripe');
      try {
        return Stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          config.webhookSecret,
        ) as unknown as StripeEvent;
      } catch {
        throw new AppError('VALIDATION_ERROR', m.webhookSignatureInvalid);
      }
    },

    /** Applies an event once (its id is stored with its effect); false for a replay. */
    async apply(event: StripeEvent): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await claimEvent(tx, event))) return false;
        const change = purchaseChangeOf(event);
        if (!change) return true;
        if (change.readerId && !(await readerExists(tx, change.readerId))) change.readerId = null;
        const readerId = await applyPurchaseChange(tx, change);
        if (readerId) await syncPremium(tx, readerId);
        return true;
      });
    },

    /** Hourly: readers whose annual access just ended lose their session's premium flag. */
    expirySchedule(): ScheduledJob {
      return {
        name: 'premium-expiry',
        cron: '7 * * * *',
        timeZone: PARIS,
        run: async ({ scheduledFor }) => {
          for (const readerId of await readersEndedBefore(db, scheduledFor)) {
            await db.transaction((tx) => syncPremium(tx, readerId, scheduledFor));
          }
        },
      };
    },
  };
}

export type PremiumService = ReturnType<typeof createPremiumService>;
