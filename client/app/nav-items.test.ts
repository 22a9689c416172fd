import { describe, expect, it } from 'vitest';
import { aSessionUser } from '../test/session-user';
import { mainNavItems } from './nav-items';

describe('mainNavItems', () => {
  it("ends with 'Premium' for readers who are not premium", () => {
    const items = mainNavItems({ status: 'signed-in', user: aSessionUser({ isPremium: false }) });
    expect(items.at(-1)).toEqual({ to: '/premium', label: 'Premium' });
  });

  it("ends with 'Premium' for visitors", () => {
    expect(mainNavItems({ status: 'signed-out' }).at(-1)).toEqual({
      to: '/premium',
      label: 'Premium',
    });
  });

  it("ends with 'Demander un livre' for premium members", () => {
    const items = mainNavItems({ status: 'signed-in', user: aSessionUser({ isPremium: true }) });
    expect(items.at(-1)).toEqual({ to: '/request-book', label: 'Demander un livre' });
    expect(items.some((item) => item.label === 'Premium')).toBe(false);
  });
});
