import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages } from '../../../domain/messages/accounts';
import { challenges, quests } from '../../../domain/rewards';
import {
  type Achievements,
  achievementsSchema,
  profileBadgesSchema,
  userStatsSchema,
} from '../../../domain/rewards.schemas';
import type { Db } from '../../db/client';
import type { ReaderPages } from '../../db/reader-cache';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { sendPreparedJson, serializedJson } from '../../plugins/prepared-body';
import { createRewardsRepository } from './rewards.repository';

const idParams = z.object({ id: z.uuid({ error: accountMessages.profileNotFound }) });

/** Stats, achievements and badges: read-only; every grant happens inside a validation. */
export async function rewardsRoutes(
  app: FastifyInstance,
  { db, pages }: { db: Db; pages: ReaderPages },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rewards = createRewardsRepository({ db });
  const badgeViews = (userId: string, earnedOnly: boolean) =>
    rewards.badgeViews(userId, { earnedOnly });

  const tags = ['Récompenses'];
  const statsSchema = {
    summary: 'Mes statistiques de lecture',
    tags,
    security: sessionRequired,
    response: { 200: userStatsSchema },
  };
  r.get('/api/me/stats', { preHandler: requireReader(), schema: statsSchema }, async (request) => {
    const user = signedIn(request);
    const { readingDays: _d, categoriesRead: _c, ...stats } = await rewards.stats(user.id);
    return stats;
  });

  const achieved = {
    summary: 'Mes succès : statistiques, niveau, badges, quêtes et défis',
    tags,
    security: sessionRequired,
    response: { 200: achievementsSchema },
  };
  r.get(
    '/api/me/achievements',
    { preHandler: requireReader(), schema: achieved },
    async (request, reply) => {
      const me = signedIn(request).id;
      const page = await pages.page(me, 'achievements', async () =>
        serializedJson(reply, await achievementsOf(me)),
      );
      return sendPreparedJson(request, reply, page);
    },
  );

  async function achievementsOf(readerId: string): Promise<Achievements> {
    const user = { id: readerId };
    const { readingDays, categoriesRead, ...stats } = await rewards.stats(user.id);
    const unlocked = new Map((await rewards.questsOf(user.id)).map((q) => [q.slug, q.unlockedAt]));
    const current = {
      'trente-jours': readingDays,
      'trois-categories': categoriesRead,
      'cinq-cents-pages': stats.pagesRead,
    };
    return {
      stats,
      badges: await badgeViews(user.id, false),
      quests: Object.entries(quests).map(([slug, quest]) => ({
        slug,
        ...quest,
        unlockedAt: unlocked.get(slug) ?? null,
      })),
      challenges: Object.entries(challenges).map(([slug, c]) => ({
        slug,
        ...c,
        current: Math.min(current[slug as keyof typeof current], c.target),
      })),
    };
  }

  // Badges are public on a profile (docs/architecture.md#profiles), for signed-in readers.
  const badgesSchema = {
    summary: 'Les badges gagnés par un lecteur (publics sur son profil)',
    tags,
    security: sessionRequired,
    params: idParams,
    response: { 200: profileBadgesSchema },
  };
  r.get(
    '/api/profiles/:id/badges',
    { preHandler: requireReader(), schema: badgesSchema },
    async (request) => {
      return { badges: await badgeViews(request.params.id, true) };
    },
  );
}
