import type { SessionUser } from '../../domain/accounts.schemas';

/** A signed-in reader for component tests; override what the test is about. */
export function aSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '6f1c2b9e-0000-4000-8000-000000000001',
    email: 'lea.martin@example.fr',
    username: null,
    avatarUrl: null,
    isAdmin: false,
    isPremium: false,
    premiumSince: null,
    createdAt: '2026-01-15T09:00:00.000Z',
    ...overrides,
  };
}
