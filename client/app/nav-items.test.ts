import { describe, expect, it } from 'vitest';
import { mainNavItems } from './nav-items';

const user = { id: 'u1', email: 'lea@example.fr', isAdmin: false };

describe('mainNavItems', () => {
  it("ends with 'Premium' for readers who are not premium", () => {
    const items = mainNavItems({ status: 'signed-in', user: { ...user, isPremium: false } });
    expect(items.at(-1)).toEqual({ to: '/premium', label: 'Premium' });
  });

  it("ends with 'Demander un livre' for premium members", () => {
    const items = mainNavItems({ status: 'signed-in', user: { ...user, isPremium: true } });
    expect(items.at(-1)).toEqual({ to: '/request-book', label: 'Demander un livre' });
    expect(items.some((item) => item.label === 'Premium')).toBe(false);
  });
});
