import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../domain/api.schemas';
import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenListSchema,
} from '../../../domain/api-tokens.schemas';
import { apiTokenMessages as m } from '../../../domain/messages/api-tokens';
import { requireSession, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import type { ApiTokens } from './api-tokens';

/**
 * Paramètres' personal API tokens (docs/architecture.md#personal-api-tokens). Only the
 * reader's signed-in session manages them: a token never lists, makes or revokes tokens.
 */
export async function apiTokensRoutes(app: FastifyInstance, { tokens }: { tokens: ApiTokens }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Compte'];

  r.get(
    '/api/account/tokens',
    {
      preHandler: requireSession(),
      schema: {
        operationId: 'listApiTokens',
        summary: 'Mes jetons d’accès à l’API (jamais leur secret)',
        tags,
        security: sessionRequired,
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => ({ tokens: await tokens.list(signedIn(request).id) }),
  );

  r.post(
    '/api/account/tokens',
    {
      config: limited('api-tokens', writeLimits.reader),
      preHandler: requireSession(),
      schema: {
        operationId: 'createApiToken',
        summary: 'Créer un jeton d’accès (son secret n’est montré qu’ici, une fois)',
        tags,
        security: sessionRequired,
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await tokens.create(signedIn(request).id, request.body);
      // The secret must not stay in any cache on its way.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ message: m.created, ...created });
    },
  );

  r.delete(
    '/api/account/tokens/:id',
    {
      config: limited('api-tokens', writeLimits.reader),
      preHandler: requireSession(),
      schema: {
        operationId: 'revokeApiToken',
        summary: 'Révoquer un de mes jetons d’accès',
        tags,
        security: sessionRequired,
        params: z.object({ id: z.uuid() }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await tokens.revoke(signedIn(request).id, request.params.id);
      return { message: m.revoked };
    },
  );
}
