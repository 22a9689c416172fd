import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUGGESTIONS_LIMIT } from '../../../domain/community';
import {
  activityParamsSchema,
  bookyStateSchema,
  communityStatsSchema,
  cursorQuerySchema,
  feedSchema,
  suggestionsSchema,
} from '../../../domain/community.schemas';
import type { Db } from '../../db/client';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { sendPreparedJson } from '../../plugins/prepared-body';
import { limited, writeLimits } from '../rate-limits';
import { createActivitiesRepository } from './activities.repository';
import { createCommunityRepository } from './community.repository';
import { decodeCursor } from './cursor';
import { type FeedCache, feedChange } from './feed-cache';
import { createSuggestionsRepository } from './suggestions.repository';

/**
 * The discover page: feed, suggestions, the statistics card, and Bookys. A reader's first
 * feed page comes from `feeds` (feed-cache.ts); the next pages are read each time.
 */
export async function discoverRoutes(
  app: FastifyInstance,
  { db, feeds }: { db: Db; feeds: FeedCache },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const activities = createActivitiesRepository({ db });
  const suggestions = createSuggestionsRepository({ db });
  const community = createCommunityRepository({ db });

  const tags = ['Communauté'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });

  r.get(
    '/api/discover/feed',
    {
      preHandler: requireReader(),
      schema: {
        ...about("Mon fil d'actualité : mes lectures et celles des lecteurs que je suis"),
        querystring: cursorQuerySchema,
        response: { 200: feedSchema },
      },
    },
    async (request, reply) => {
      const me = signedIn(request).id;
      const cursor = decodeCursor(request.query.cursor);
      if (cursor) return activities.feed(me, cursor);
      const page = await feeds.get(me, async () => {
        const [feed, followed] = await Promise.all([
          activities.feed(me, null),
          activities.followed(me),
        ]);
        return { feed, followed };
      });
      return sendPreparedJson(request, reply, page.body);
    },
  );

  r.get(
    '/api/discover/readers',
    {
      preHandler: requireReader(),
      schema: { ...about('Lecteurs à découvrir'), response: { 200: suggestionsSchema } },
    },
    async (request) => ({
      items: await suggestions.suggest(signedIn(request).id, SUGGESTIONS_LIMIT),
    }),
  );

  r.get(
    '/api/discover/stats',
    {
      preHandler: requireReader(),
      schema: {
        ...about('Statistiques de la communauté'),
        response: { 200: communityStatsSchema },
      },
    },
    async (request) => {
      const me = signedIn(request).id;
      const [readers, mine] = await Promise.all([community.readers(), community.relation(me, me)]);
      return {
        readers,
        followers: mine?.counts.followers ?? 0,
        following: mine?.counts.following ?? 0,
      };
    },
  );

  const bookySchema = { params: activityParamsSchema, response: { 200: bookyStateSchema } };
  r.put(
    '/api/activities/:id/booky',
    {
      preHandler: requireReader(),
      config: limited('bookys', writeLimits.reader),
      schema: { ...about('Donner un Booky à un livre terminé'), ...bookySchema },
    },
    async (request) => {
      const state = await activities.giveBooky(request.params.id, signedIn(request).id);
      feeds.changed(feedChange.bookysOn(request.params.id)); // my next feed shows it at once
      return state;
    },
  );
  r.delete(
    '/api/activities/:id/booky',
    {
      preHandler: requireReader(),
      config: limited('bookys', writeLimits.reader),
      schema: { ...about('Retirer mon Booky'), ...bookySchema },
    },
    async (request) => {
      const state = await activities.takeBackBooky(request.params.id, signedIn(request).id);
      feeds.changed(feedChange.bookysOn(request.params.id));
      return state;
    },
  );
}
