import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FOLLOW_PAGE_SIZE } from '../../../domain/community';
import {
  blockListSchema,
  blockStateSchema,
  cursorQuerySchema,
  followListSchema,
  followStateSchema,
  readerParamsSchema,
} from '../../../domain/community.schemas';
import { accountMessages } from '../../../domain/messages/accounts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import { createCommunityRepository } from './community.repository';
import { createCommunityService } from './community.service';
import { decodeCursor } from './cursor';
import { type FeedCache, feedChange } from './feed-cache';

/**
 * Follows, blocks and follow lists: always as the signed-in reader (the session's id). After
 * a follow or a block, this process drops the feeds it changed at once (`feeds`); the NOTIFY
 * of migration 0016 tells the others.
 */
export async function communityRoutes(
  app: FastifyInstance,
  { db, feeds }: { db: Db; feeds: FeedCache },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const community = createCommunityRepository({ db });
  const service = createCommunityService({ db });

  const tags = ['Communauté'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });
  const pair = (request: Parameters<typeof signedIn>[0], other: string) => ({
    me: signedIn(request).id,
    other,
  });

  const followSchema = {
    params: readerParamsSchema,
    response: { 200: followStateSchema },
  };
  // A follow changes the follower's feed; a block both readers' (they hide each other).
  const relationsChanged = (...readerIds: string[]) => {
    for (const id of readerIds) feeds.changed(feedChange.relationsOf(id));
  };
  r.put(
    '/api/follows/:id',
    {
      preHandler: requireReader(),
      config: limited('follows', writeLimits.reader),
      schema: { ...about("S'abonner à un lecteur"), ...followSchema },
    },
    async (request) => {
      const p = pair(request, request.params.id);
      const state = await service.follow(p);
      relationsChanged(p.me);
      return state;
    },
  );
  r.delete(
    '/api/follows/:id',
    {
      preHandler: requireReader(),
      config: limited('follows', writeLimits.reader),
      schema: { ...about("Se désabonner d'un lecteur"), ...followSchema },
    },
    async (request) => {
      const p = pair(request, request.params.id);
      const state = await service.unfollow(p);
      relationsChanged(p.me);
      return state;
    },
  );

  const blockSchema = { params: readerParamsSchema, response: { 200: blockStateSchema } };
  r.put(
    '/api/blocks/:id',
    {
      preHandler: requireReader(),
      config: limited('blocks', writeLimits.reader),
      schema: { ...about('Bloquer un lecteur'), ...blockSchema },
    },
    async (request) => {
      const p = pair(request, request.params.id);
      const state = await service.block(p);
      relationsChanged(p.me, p.other);
      return state;
    },
  );
  r.delete(
    '/api/blocks/:id',
    {
      preHandler: requireReader(),
      config: limited('blocks', writeLimits.reader),
      schema: { ...about('Débloquer un lecteur'), ...blockSchema },
    },
    async (request) => {
      const p = pair(request, request.params.id);
      const state = await service.unblock(p);
      relationsChanged(p.me, p.other);
      return state;
    },
  );
  r.get(
    '/api/blocks',
    {
      preHandler: requireReader(),
      schema: { ...about("Les lecteurs que j'ai bloqués"), response: { 200: blockListSchema } },
    },
    async (request) => ({ items: await community.blockedBy(signedIn(request).id) }),
  );

  const listSchema = {
    params: readerParamsSchema,
    querystring: cursorQuerySchema,
    response: { 200: followListSchema },
  };
  for (const side of ['followers', 'following'] as const) {
    const summary =
      side === 'followers' ? "Les abonnés d'un lecteur" : "Les abonnements d'un lecteur";
    r.get(
      `/api/profiles/:id/${side}`,
      { preHandler: requireReader(), schema: { ...about(summary), ...listSchema } },
      async (request) => {
        const list = await community.followList({
          viewerId: signedIn(request).id,
          readerId: request.params.id,
          side,
          cursor: decodeCursor(request.query.cursor),
          pageSize: FOLLOW_PAGE_SIZE,
        });
        if (!list) throw new AppError('NOT_FOUND', accountMessages.profileNotFound);
        return list;
      },
    );
  }
}
