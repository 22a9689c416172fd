// Personal API tokens (docs/architecture.md#personal-api-tokens): what a token may do, and
// what a route needs of one. Pure rules, shared by the server and Paramètres.

/** Every token starts with this, so a leaked one is recognised (and searched for) at once. */
export const API_TOKEN_PREFIX = 'lisons_pat_';

/** What a reader lets a token do: read their data, or read and change it. */
export const apiTokenScopes = ['read', 'write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** Tokens one reader may hold at once (revoked ones are gone, expired ones still count). */
export const MAX_API_TOKENS = 20;
export const API_TOKEN_NAME_MAX = 60;

/** The lifetimes Paramètres offers, in days; null is a token that does not expire. */
export const apiTokenLifetimes = [7, 30, 90, 365, null] as const;
export const API_TOKEN_MAX_DAYS = 365;

/** The scope a request needs: reading for GET and HEAD, writing for every other method. */
export function scopeNeeded(method: string): ApiTokenScope {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/** True when a token of `scope` may make a request that needs `needed`. */
export function scopeAllows(scope: ApiTokenScope, needed: ApiTokenScope): boolean {
  return scope === 'write' || needed === 'read';
}

/** The instant a token created at `createdAt` for `days` days stops working (null: never). */
export function apiTokenExpiry(createdAt: Date, days: number | null): Date | null {
  return days === null ? null : new Date(createdAt.getTime() + days * 86_400_000);
}
