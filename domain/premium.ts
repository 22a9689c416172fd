// Premium (docs/architecture.md#book-requests-and-premium): the three offers and what the page
// shows of them.

export const PREMIUM_PLANS = ['lifetime', 'annual'] as const;
export type PremiumPlan = (typeof PREMIUM_PLANS)[number];

/** Prices in euros. */
export const PRICING = {
  free: 0,
  lifetimeEarlyBird: 29,
  lifetimeRegular: 99,
  annual: 50,
} as const;

/** An amount in euros as the page shows it: '29 €', '4,17 €'. */
export function euros(amount: number): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2).replace('.', ',');
  return `${text}\u00a0€`;
}

/** The annual price per month, rounded to the cent (50 € a year → 4,17 € a month). */
export function monthlyOf(yearly: number): number {
  return Math.round((yearly / 12) * 100) / 100;
}
