import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once shutdown began: /readyz fails, answers close their connection. */
    isDraining: () => boolean;
    /** First step of a shutdown, before `close()`: stop being picked by load balancers. */
    startDraining: () => void;
  }
}

/**
 * Graceful shutdown's first step. While draining, /readyz answers 503 and every answer,
 * including those of requests already under way, says `Connection: close`: a kept-alive
 * connection would otherwise hold `close()` open until the client lets it go.
 */
export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.decorate('isDraining', () => draining);
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
