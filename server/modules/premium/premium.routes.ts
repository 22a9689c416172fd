import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutBodySchema,
  checkoutSchema,
  premiumOfferSchema,
  premiumStateSchema,
  webhookReceivedSchema,
} from '../../../domain/premium.schemas';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { senderSignature } from '../../plugins/origin-check';
import { limited, writeLimits } from '../rate-limits';
import type { PremiumService } from './premium.service';

/** /premium's offer, the reader's premium, and the way to Stripe's payment page. */
export async function premiumRoutes(
  app: FastifyInstance,
  { premium }: { premium: PremiumService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Premium'];

  r.get(
    '/api/premium/offer',
    {
      schema: {
        summary:
          'Les offres Premium de ce serveur (paiement disponible, fin de l’offre de lancement)',
        tags,
        response: { 200: premiumOfferSchema },
      },
    },
    async () => premium.offer(),
  );

  r.get(
    '/api/premium/me',
    {
      preHandler: requireReader(),
      schema: {
        summary: 'Mon Premium, déduit des paiements reçus de Stripe',
        tags,
        security: sessionRequired,
        response: { 200: premiumStateSchema },
      },
    },
    async (request) => premium.stateOf(signedIn(request).id),
  );

  r.post(
    '/api/premium/checkout',
    {
      config: limited('checkout', writeLimits.costly),
      preHandler: requireReader(),
      schema: {
        summary: 'L’adresse de la page de paiement Stripe d’une offre, à mon nom',
        tags,
        security: sessionRequired,
        body: checkoutBodySchema,
        response: { 200: checkoutSchema },
      },
    },
    async (request) => ({
      url: await premium.checkoutUrl(signedIn(request), request.body.plan),
    }),
  );
}

/**
 * POST /api/stripe/webhook: Stripe's events, verified on the raw body (so this plugin
 * reads JSON as text), each applied once. Premium changes only here.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { premium }: { premium: PremiumService },
) {
  app.removeContentTypeParser('application/json'); // the app's own (plugins/input-guard.ts)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/stripe/webhook',
    {
      config: limited('stripe-webhook', { limit: 300, windowMs: 60_000, per: 'address' }),
      schema: {
        summary:
          'Les événements Stripe (signés)\u00a0: paiements, renouvellements, résiliations, remboursements',
        tags: ['Premium'],
        security: senderSignature,
        body: z.string().describe('Le corps brut de l’événement, tel que Stripe l’a signé'),
        response: { 200: webhookReceivedSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = await premium.verify(
        request.body,
        typeof signature === 'string' ? signature : undefined,
      );
      const applied = await premium.apply(event);
      // The session cache is also dropped by NOTIFY; this process drops its own at once.
      app.forgetSessions();
      return { received: true as const, applied };
    },
  );
}
