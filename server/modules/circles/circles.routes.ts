import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../domain/api.schemas';
import {
  circleCreatedSchema,
  circleMemberParamsSchema,
  circlePageSchema,
  circleParamsSchema,
  createCircleBodySchema,
  invitationPreviewSchema,
  inviteBodySchema,
  inviteCodeParamsSchema,
  inviteCodeSchema,
  membershipBodySchema,
  membershipSchema,
  myCirclesSchema,
} from '../../../domain/circles.schemas';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import type { CirclesService } from './circles.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The circles' own limits, per reader, beside the usual 60 changes a minute: starting one is
 * rare (10 a day), joining too (20 an hour), and invitations (a notification to another
 * reader each, or a new link) are kept to 30 an hour.
 */
export const circleLimits = {
  create: { limit: 10, windowMs: DAY, per: 'reader' },
  join: { limit: 20, windowMs: HOUR, per: 'reader' },
  invite: { limit: 30, windowMs: HOUR, per: 'reader' },
} as const;

/**
 * /api/circles (docs/architecture.md#reading-circles): members only, never cached (each answer
 * is one reader's view of a private circle), the reader always from the session.
 */
export async function circlesRoutes(
  app: FastifyInstance,
  { circles }: { circles: CirclesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Cercles de lecture'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });
  const reader = { preHandler: requireReader() };

  r.get(
    '/api/circles',
    {
      ...reader,
      schema: { ...about('Mes cercles de lecture'), response: { 200: myCirclesSchema } },
    },
    async (request) => circles.mine(signedIn(request).id),
  );

  r.post(
    '/api/circles',
    {
      ...reader,
      config: limited('circles:create', circleLimits.create),
      schema: {
        ...about('Lancer un cercle sur un livre (le livre rejoint ma liste)'),
        body: createCircleBodySchema,
        response: { 201: circleCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await circles.create(signedIn(request).id, request.body)),
  );

  r.get(
    '/api/circles/:id',
    {
      ...reader,
      schema: {
        ...about('La page d’un cercle : calendrier, membres et progression (membres seulement)'),
        params: circleParamsSchema,
        response: { 200: circlePageSchema },
      },
    },
    async (request) => circles.page(signedIn(request).id, request.params.id),
  );

  r.patch(
    '/api/circles/:id/membership',
    {
      ...reader,
      config: limited('circles', writeLimits.reader),
      schema: {
        ...about('Mes réglages dans un cercle : le rappel par e-mail'),
        params: circleParamsSchema,
        body: membershipBodySchema,
        response: { 200: membershipSchema },
      },
    },
    async (request) =>
      circles.setEmailReminders(
        signedIn(request).id,
        request.params.id,
        request.body.emailReminders,
      ),
  );

  r.delete(
    '/api/circles/:id/membership',
    {
      ...reader,
      config: limited('circles', writeLimits.reader),
      schema: {
        ...about('Quitter un cercle (sa créatrice ou son créateur le clôt plutôt)'),
        params: circleParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => circles.leave(signedIn(request).id, request.params.id),
  );

  r.delete(
    '/api/circles/:id/members/:readerId',
    {
      ...reader,
      config: limited('circles', writeLimits.reader),
      schema: {
        ...about('Retirer un membre (la personne qui a lancé le cercle)'),
        params: circleMemberParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) =>
      circles.remove(signedIn(request).id, request.params.id, request.params.readerId),
  );

  r.post(
    '/api/circles/:id/close',
    {
      ...reader,
      config: limited('circles', writeLimits.reader),
      schema: {
        ...about('Clore un cercle (la personne qui l’a lancé)'),
        params: circleParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => circles.close(signedIn(request).id, request.params.id),
  );

  r.post(
    '/api/circles/:id/invite-code',
    {
      ...reader,
      config: limited('circles:invite', circleLimits.invite),
      schema: {
        ...about('Renouveler le lien d’invitation (l’ancien ne sert plus)'),
        params: circleParamsSchema,
        response: { 200: inviteCodeSchema },
      },
    },
    async (request) => circles.renewCode(signedIn(request).id, request.params.id),
  );

  r.post(
    '/api/circles/:id/invitations',
    {
      ...reader,
      config: limited('circles:invite', circleLimits.invite),
      schema: {
        ...about('Inviter un lecteur que je suis (une notification avec le lien)'),
        params: circleParamsSchema,
        body: inviteBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) =>
      circles.invite(signedIn(request).id, request.params.id, request.body.readerId),
  );

  r.get(
    '/api/circle-invitations/:code',
    {
      ...reader,
      schema: {
        ...about('Ce qu’un lien d’invitation montre avant de rejoindre le cercle'),
        params: inviteCodeParamsSchema,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request) => circles.preview(signedIn(request).id, request.params.code),
  );

  r.post(
    '/api/circle-invitations/:code',
    {
      ...reader,
      config: limited('circles:join', circleLimits.join),
      schema: {
        ...about('Rejoindre le cercle d’un lien d’invitation (le livre rejoint ma liste)'),
        params: inviteCodeParamsSchema,
        response: { 200: circleCreatedSchema },
      },
    },
    async (request) => circles.join(signedIn(request).id, request.params.code),
  );
}
