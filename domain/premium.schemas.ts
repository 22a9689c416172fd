import { z } from 'zod';
import { premiumMessages as m } from './messages/premium';
import { PREMIUM_PLANS } from './premium';

// Contracts of /api/premium: the offer as configured, the reader's own state, a checkout.

export const premiumOfferSchema = z
  .object({
    /** The early-bird lifetime price applies until this day (YYYY-MM-DD), or null: no end. */
    earlyBirdUntil: z.string().nullable(),
    earlyBirdOpen: z.boolean(),
    /** Whether a payment link is configured for each plan. */
    lifetimeAvailable: z.boolean(),
    annualAvailable: z.boolean(),
  })
  .describe('Les offres telles que ce serveur les propose.');
export type PremiumOffer = z.infer<typeof premiumOfferSchema>;

export const premiumStateSchema = z
  .object({
    isPremium: z.boolean(),
    since: z.string().nullable(),
    /** The end of the paid period; null for a lifetime purchase or no premium. */
    until: z.string().nullable(),
    plan: z.enum(PREMIUM_PLANS).nullable(),
    /** An annual subscription that will renew: cancel it before deleting the account. */
    renewingSubscription: z.boolean(),
    /** Stripe's customer portal, where an annual member cancels (null when not configured). */
    portalUrl: z.string().nullable(),
  })
  .describe('Premium du lecteur connecté, déduit des paiements reçus de Stripe.');
export type PremiumState = z.infer<typeof premiumStateSchema>;

export const checkoutBodySchema = z.strictObject({
  plan: z.enum(PREMIUM_PLANS, { error: m.planInvalid }),
});

export const checkoutSchema = z.object({ url: z.string() });

export const webhookReceivedSchema = z.object({ received: z.literal(true), applied: z.boolean() });
