import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  friendInvitationResultSchema,
  friendInviteSchema,
  friendNudgeResultSchema,
  friendQuestParamsSchema,
  friendReaderParamsSchema,
  friendStreakParamsSchema,
  friendsOverviewSchema,
  readerFriendsSchema,
} from '../../../domain/friends.schemas';
import type { Db } from '../../db/client';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import { friendsOverview, readerFriends } from './friends.read';
import { createFriendsService } from './friends.service';

const HOUR = 3_600_000;

/**
 * Rate limits of the friends' writes, per reader: starting streaks and quests (each invitation
 * notifies someone) and nudges are counted apart from the answers to them.
 */
export const friendLimits = {
  invitations: { limit: 20, windowMs: HOUR, per: 'reader' },
  nudges: { limit: 30, windowMs: HOUR, per: 'reader' },
} as const;

const removedSchema = z.object({ removed: z.literal(true) });

/**
 * Friend streaks and the weekly friend quest (decision 055), always as the signed-in reader:
 * the other reader is the one named by the path or the body, never the one acting.
 */
export async function friendsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createFriendsService({ db });
  const tags = ['Amis'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });

  r.get(
    '/api/me/friends',
    {
      preHandler: requireReader(),
      schema: {
        ...about('Mes séries entre amis, mes invitations et la quête entre amis de la semaine'),
        response: { 200: friendsOverviewSchema },
      },
    },
    async (request) => friendsOverview(db, signedIn(request).id),
  );

  r.get(
    '/api/readers/:id/friends',
    {
      preHandler: requireReader(),
      schema: {
        ...about("Les séries entre amis d'un lecteur, et où j'en suis avec lui"),
        params: friendReaderParamsSchema,
        response: { 200: readerFriendsSchema },
      },
    },
    async (request) => readerFriends(db, signedIn(request).id, request.params.id),
  );

  const invitation = { 201: friendInvitationResultSchema };
  r.post(
    '/api/friend-streaks',
    {
      preHandler: requireReader(),
      config: limited('friend-invitations', friendLimits.invitations),
      schema: {
        ...about('Inviter un ami (qui me suit et que je suis) à une série entre amis'),
        body: friendInviteSchema,
        response: invitation,
      },
    },
    async (request, reply) => {
      const me = signedIn(request).id;
      const result = await service.invite({ me, other: request.body.readerId });
      return reply.code(201).send(result);
    },
  );

  r.post(
    '/api/friend-streaks/:id/accept',
    {
      preHandler: requireReader(),
      config: limited('friend-answers', writeLimits.reader),
      schema: {
        ...about('Accepter une invitation à une série entre amis'),
        params: friendStreakParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: friendInvitationResultSchema },
      },
    },
    async (request) => service.accept(signedIn(request).id, request.params.id),
  );

  r.delete(
    '/api/friend-streaks/:id',
    {
      preHandler: requireReader(),
      config: limited('friend-answers', writeLimits.reader),
      schema: {
        ...about('Refuser ou retirer une invitation, ou arrêter une série entre amis'),
        params: friendStreakParamsSchema,
        response: { 200: removedSchema },
      },
    },
    async (request) => {
      await service.remove(signedIn(request).id, request.params.id);
      return { removed: true as const };
    },
  );

  r.post(
    '/api/friend-streaks/:id/nudge',
    {
      preHandler: requireReader(),
      config: limited('friend-nudges', friendLimits.nudges),
      schema: {
        ...about("Relancer un ami qui n'a pas encore lu aujourd'hui (une fois par jour)"),
        params: friendStreakParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: friendNudgeResultSchema },
      },
    },
    async (request) => service.nudge(signedIn(request).id, request.params.id),
  );

  r.post(
    '/api/friend-quests',
    {
      preHandler: requireReader(),
      config: limited('friend-invitations', friendLimits.invitations),
      schema: {
        ...about('Proposer la quête entre amis de la semaine à un ami'),
        body: friendInviteSchema,
        response: invitation,
      },
    },
    async (request, reply) => {
      const me = signedIn(request).id;
      const result = await service.proposeQuest({ me, other: request.body.readerId });
      return reply.code(201).send(result);
    },
  );

  r.post(
    '/api/friend-quests/:id/accept',
    {
      preHandler: requireReader(),
      config: limited('friend-answers', writeLimits.reader),
      schema: {
        ...about('Accepter la quête entre amis de la semaine'),
        params: friendQuestParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: friendInvitationResultSchema },
      },
    },
    async (request) => service.acceptQuest(signedIn(request).id, request.params.id),
  );

  r.delete(
    '/api/friend-quests/:id',
    {
      preHandler: requireReader(),
      config: limited('friend-answers', writeLimits.reader),
      schema: {
        ...about('Refuser ou retirer une proposition de quête entre amis'),
        params: friendQuestParamsSchema,
        response: { 200: removedSchema },
      },
    },
    async (request) => {
      await service.removeQuest(signedIn(request).id, request.params.id);
      return { removed: true as const };
    },
  );
}
