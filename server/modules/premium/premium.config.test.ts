import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('premium configuration', () => {
  it('reads the Stripe variables, all optional', () => {
    expect(loadConfig({}).premium).toEqual({
      webhookSecret: undefined,
      lifetimeLink: undefined,
      annualLink: undefined,
      portalUrl: undefined,
      earlyBirdUntil: undefined,
    });
    const config = loadConfig({
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_LINK_LIFETIME: 'https://buy.stripe.com/a',
      STRIPE_LINK_ANNUAL: 'https://buy.stripe.com/b',
      STRIPE_PORTAL_URL: 'https://billing.stripe.com/p/login/c',
      PREMIUM_EARLY_BIRD_UNTIL: '2026-10-15',
    });
    expect(config.premium).toEqual({
      webhookSecret: 'whsec_abc123',
      lifetimeLink: 'https://buy.stripe.com/a',
      annualLink: 'https://buy.stripe.com/b',
      portalUrl: 'https://billing.stripe.com/p/login/c',
      earlyBirdUntil: '2026-10-15',
    });
  });

  it('stops on a bad value with a French message, never echoing the secret', () => {
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'sk_live_oops' })).toThrow(
      /^Configuration invalide : STRIPE_WEBHOOK_SECRET doit être le secret de signature du webhook Stripe \(whsec_…\)$/,
    );
    expect(() => loadConfig({ STRIPE_LINK_ANNUAL: 'http://buy.stripe.com/b' })).toThrow(
      /STRIPE_LINK_ANNUAL doit être une adresse https:\/\//,
    );
    expect(() => loadConfig({ PREMIUM_EARLY_BIRD_UNTIL: '15/10/2026' })).toThrow(
      /PREMIUM_EARLY_BIRD_UNTIL doit être une date AAAA-MM-JJ/,
    );
  });
});
