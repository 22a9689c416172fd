import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { RateLimitRule, RateLimitsRepository } from './rate-limits.repository';
import { enforceRateLimits } from './rate-limits.service';

const MINUTE = 60_000;

/**
 * A route's own limit: `name` keys the counter (routes sharing a name share it), counted per
 * signed-in reader, or per client address for a route visitors may use (and for a reader
 * route's visitor, whom its guard refuses anyway).
 */
export type RouteLimit = RateLimitRule & { name: string; per: 'reader' | 'address' };

/**
 * A route whose handler counts its hits itself, with `why`: the answer path counts in the
 * same round trip as the answer (decision 009), sign-in keys by account and address…
 */
export type CountedInHandler = { countedBy: 'handler'; why: string };

export type RouteRateLimit = RouteLimit | CountedInHandler;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route that changes something declares one (server/test/security/write-limits). */
    rateLimit?: RouteRateLimit;
  }
}

/** Limits generous enough for real use, tight enough that a script cannot flood a table. */
export const writeLimits = {
  /** Follows, blocks, Bookys, the reading list, goals, marks, reports… */
  reader: { limit: 60, windowMs: MINUTE, per: 'reader' },
  /** Every administrator write (back office, moderation), each route its own counter. */
  admin: { limit: 60, windowMs: MINUTE, per: 'reader' },
  /** Something costly to do (an import, a rendering, a payment session). */
  costly: { limit: 10, windowMs: MINUTE, per: 'reader' },
  /** A route a visitor may call (sign-out, a reset link, an unsubscribe link). */
  visitor: { limit: 30, windowMs: MINUTE, per: 'address' },
} as const satisfies Record<string, Omit<RouteLimit, 'name'>>;

/** The `config` of a route limited by the hook below: `{ config: limited('follows', writeLimits.reader) }`. */
export const limited = (name: string, rule: Omit<RouteLimit, 'name'>) => ({
  rateLimit: { name, ...rule } satisfies RouteLimit,
});

/** The `config` of a route whose handler counts its own hits (see CountedInHandler). */
export const countedByHandler = (why: string) => ({
  rateLimit: { countedBy: 'handler', why } satisfies CountedInHandler,
});

const keyOf = (request: FastifyRequest, limit: RouteLimit) =>
  `${limit.name}:${limit.per === 'reader' && request.reader ? request.reader.id : `ip:${request.ip}`}`;

/**
 * Enforces each route's declared limit with the shared counters (so it holds across server
 * processes). Added to the route's own preHandlers, after its module's guards: a refused
 * visitor or non-administrator spends nothing, and bad input (a 400) is refused before.
 * Register before the modules: the onRoute hook sees routes as they are added.
 */
export function registerRouteRateLimits(
  app: FastifyInstance,
  { rateLimits }: { rateLimits: RateLimitsRepository },
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = route.config?.rateLimit;
    if (!limit || 'countedBy' in limit) return;
    const enforce = async (request: FastifyRequest) =>
      enforceRateLimits(rateLimits, [{ key: keyOf(request, limit), rule: limit }]);
    route.preHandler = [route.preHandler ?? []].flat().concat(enforce);
  });
}
