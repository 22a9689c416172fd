import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deployTriggeredSchema,
  deployWebhookInputSchema,
  deployWebhookSchema,
} from '../../../domain/deploy-webhook.schemas';
import { deployWebhookMessages as m } from '../../../domain/messages/admin';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireAdmin, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import { createDeployWebhook } from './deploy-webhook';

/** The dashboard's redeploy button and its URL. Administrators only. */
export async function deployWebhookRoutes(
  app: FastifyInstance,
  {
    db,
    ca,
  }: { db: Db /** Extra trusted certificate (tests' local https server). */; ca?: string | Buffer },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const webhook = createDeployWebhook({ db, ...(ca ? { ca } : {}) });
  const about = (summary: string) => ({
    summary,
    tags: ['Administration'],
    security: sessionRequired,
  });

  r.get(
    '/api/admin/deploy-webhook',
    {
      preHandler: requireAdmin,
      schema: {
        ...about("L'URL du webhook de redéploiement (null sans URL)"),
        response: { 200: deployWebhookSchema },
      },
    },
    async () => ({ url: await webhook.read() }),
  );

  r.put(
    '/api/admin/deploy-webhook',
    {
      preHandler: requireAdmin,
      config: limited('admin:deploy-webhook', writeLimits.admin),
      schema: {
        ...about("Enregistrer l'URL du webhook (https seulement ; vide pour la retirer)"),
        body: deployWebhookInputSchema,
        response: { 200: deployWebhookSchema },
      },
    },
    async (request) => ({ url: await webhook.write(signedIn(request).id, request.body.url) }),
  );

  r.post(
    '/api/admin/deploy-webhook/trigger',
    {
      preHandler: requireAdmin,
      config: limited('admin:deploy-trigger', writeLimits.admin),
      schema: {
        ...about('Déclencher un redéploiement : POST { "trigger": … } vers le webhook'),
        response: { 200: deployTriggeredSchema },
      },
    },
    async (request) => {
      const outcome = await webhook.trigger(signedIn(request).id);
      if (outcome === 'unset') throw new AppError('CONFLICT', m.notConfigured);
      if (outcome === 'failed') throw new AppError('UNAVAILABLE', m.triggerError);
      return { message: m.triggered };
    },
  );
}
