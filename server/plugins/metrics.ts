import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { errorMessages } from '../../domain/messages/errors';
import { metricsMessages } from '../../domain/messages/metrics';
import type { PoolState } from '../db/client';
import { errorBody } from '../errors';

/**
 * The process's one metrics registry (decision 023). Counters are bumped from wherever the
 * thing happens (a cache, an answer) through the small functions below, so no module imports
 * another to be counted; what is read at scrape time (the pool, live connections, the job
 * queue) is given by each app as a source, and summed when several apps share a process
 * (tests). Labels take values from short fixed lists only: route patterns, never URLs.
 */
const registry = new Registry();

const live = new Set<() => number>();
const pools = new Set<() => PoolState>();
const queues = new Set<() => Promise<QueueDepth[]>>();

/** Jobs of one queue not finished yet: waiting (created, retrying, deferred) or running. */
export type QueueDepth = { queue: string; queued: number; active: number };

const requestDuration = new Histogram({
  name: 'lisons_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status class: duration (its _count is the request count)',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const cacheHits = new Counter({
  name: 'lisons_cache_hits_total',
  help: 'Reads served from an in-memory cache, by cache',
  labelNames: ['cache'] as const,
  registers: [registry],
});
const cacheMisses = new Counter({
  name: 'lisons_cache_misses_total',
  help: 'Reads an in-memory cache sent to the database (or joined a load under way), by cache',
  labelNames: ['cache'] as const,
  registers: [registry],
});
const cacheClears = new Counter({
  name: 'lisons_cache_clears_total',
  help: 'Invalidations of an in-memory cache, by cache: all of it, or some entries',
  labelNames: ['cache', 'scope'] as const,
  registers: [registry],
});

const answers = new Counter({
  name: 'lisons_answers_total',
  help: 'Answers to segment questions: accepted (right, joker) or refused (wrong, or the refusal code)',
  labelNames: ['result', 'reason'] as const,
  registers: [registry],
});

new Gauge({
  name: 'lisons_live_connections',
  help: 'Live streams (Server-Sent Events) open on this process',
  registers: [registry],
  collect() {
    let n = 0;
    for (const count of live) n += count();
    this.set(n);
  },
});

// PGlite has one connection and no pool: these series are absent on the embedded engine.
// `pool="app"`: the app's own pool (the job queue keeps three connections of its own).
new Gauge({
  name: 'lisons_db_pool_connections',
  help: 'Connections of the PostgreSQL pool: in use or idle',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    if (pools.size === 0) return;
    let inUse = 0;
    let idle = 0;
    for (const pool of pools) {
      const p = pool();
      inUse += p.total - p.idle;
      idle += p.idle;
    }
    this.set({ pool: 'app', state: 'in_use' }, inUse);
    this.set({ pool: 'app', state: 'idle' }, idle);
  },
});
new Gauge({
  name: 'lisons_db_pool_waiting',
  help: 'Queries waiting for a connection of the PostgreSQL pool',
  labelNames: ['pool'] as const,
  registers: [registry],
  collect() {
    this.reset();
    if (pools.size === 0) return;
    let waiting = 0;
    for (const pool of pools) waiting += pool().waiting;
    this.set({ pool: 'app' }, waiting);
  },
});

new Gauge({
  name: 'lisons_job_queue_jobs',
  help: 'Jobs not finished, by queue: queued (waiting, retrying or deferred) or active',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const totals = new Map<string, { queued: number; active: number }>();
    for (const depth of queues) {
      // The database down must not take the other metrics with it: the series are left out.
      const rows = await depth().catch(() => []);
      for (const row of rows) {
        const total = totals.get(row.queue) ?? { queued: 0, active: 0 };
        total.queued += row.queued;
        total.active += row.active;
        totals.set(row.queue, total);
      }
    }
    for (const [queue, { queued, active }] of totals) {
      this.set({ queue, state: 'queued' }, queued);
      this.set({ queue, state: 'active' }, active);
    }
  },
});

/** A named cache's counters (server/db/read-cache.ts); the name is a fixed word in code. */
export function cacheCounters(cache: string) {
  const hit = cacheHits.labels(cache);
  const miss = cacheMisses.labels(cache);
  const all = cacheClears.labels(cache, 'all');
  const some = cacheClears.labels(cache, 'some');
  return {
    hit: () => hit.inc(),
    miss: () => miss.inc(),
    cleared: (scope: 'all' | 'some') => (scope === 'all' ? all : some).inc(),
  };
}

/** An answer judged (right, joker) or refused (wrong, or an AppError code in lower case). */
export function countAnswer(result: 'accepted' | 'refused', reason: string): void {
  answers.inc({ result, reason });
}

/** Counts this process's open live streams until the returned function is called. */
export function watchLiveConnections(count: () => number): () => void {
  live.add(count);
  return () => {
    live.delete(count);
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
let defaultsCollected = false;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

type Options = {
  /** Without it /metrics answers 404, like any unknown path. */
  token: string | undefined;
  /** PostgreSQL's pool, read at each scrape. */
  pool?: () => PoolState;
  /** The job queue's depth, read at each scrape (a query). */
  queueDepth?: () => Promise<QueueDepth[]>;
};

/**
 * GET /metrics in Prometheus' text format, for a scraper holding `Authorization: Bearer
 * <METRICS_TOKEN>` (compared in constant time); and every request's duration by route
 * pattern. Register before the routes, on the root instance.
 */
export function registerMetrics(app: FastifyInstance, options: Options): void {
  if (!defaultsCollected) {
    // Process memory (RSS, heap), CPU, event loop lag, GC, handles: prom-client's own set.
    collectDefaultMetrics({ register: registry });
    defaultsCollected = true;
  }
  const { pool, queueDepth } = options;
  if (pool) pools.add(pool);
  if (queueDepth) queues.add(queueDepth);
  app.addHook('onClose', async () => {
    if (pool) pools.delete(pool);
    if (queueDepth) queues.delete(queueDepth);
  });

  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'other',
        // The pattern ('/api/books/:bookId'); a path no route matched is one label.
        route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const expected = options.token === undefined ? null : sha256(options.token);
  const authorized = (header: string | undefined) => {
    if (expected === null || header === undefined || !/^bearer /i.test(header)) return false;
    // Digests of equal length, so the comparison's time says nothing about the token.
    return timingSafeEqual(sha256(header.slice(7).trim()), expected);
  };

  // Scrapes every few seconds would fill the log: only warnings and errors of this route are
  // logged, and a request's log line never holds its headers (the token).
  app.get(
    '/metrics',
    { logLevel: 'warn' },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (expected === null) {
        return reply.status(404).send(errorBody('NOT_FOUND', errorMessages.notFound));
      }
      if (!authorized(request.headers.authorization)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(errorBody('AUTH_REQUIRED', metricsMessages.tokenRequired));
      }
      const text = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
