import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileUpdateSchema, sessionUserSchema } from '../../../domain/accounts.schemas';
import { PROFILE_LIMITS } from '../../../domain/community';
import {
  type ProfilePage,
  profilePageSchema,
  readerParamsSchema,
} from '../../../domain/community.schemas';
import { accountMessages as m } from '../../../domain/messages/accounts';
import type { Db } from '../../db/client';
import { databaseErrorOf } from '../../db/database-error';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { findPublicReader, setUsername, toSessionUser } from '../auth';
import { readerRelation } from '../community';
import { limited, writeLimits } from '../rate-limits';
import { profileBooks } from '../reading';
import { readerBadgeViews, readerStats } from '../rewards';

type Options = {
  db: Db;
  /** Told after a rename, so what this process caches of the reader (feeds) shows it at once. */
  readerChanged: (readerId: string) => void;
};

/** The reader's own profile (all fields, username editable) and the profile page of anyone. */
export async function profilesRoutes(app: FastifyInstance, { db, readerChanged }: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const tags = ['Profils'];
  const meSchema = {
    summary: 'Mon profil (tous les champs)',
    tags,
    security: sessionRequired,
    response: { 200: sessionUserSchema },
  };
  r.get('/api/profiles/me', { preHandler: requireReader(), schema: meSchema }, async (request) =>
    signedIn(request),
  );

  const renameSchema = {
    summary: "Changer mon nom d'utilisateur",
    tags,
    security: sessionRequired,
    body: profileUpdateSchema,
    response: { 200: sessionUserSchema },
  };
  r.patch(
    '/api/profiles/me',
    {
      preHandler: requireReader(),
      config: limited('rename', writeLimits.reader),
      schema: renameSchema,
    },
    async (request) => {
      const me = signedIn(request);
      // Names are unique up to case, accents and width: the database's index decides, so two
      // readers asking for one name at once cannot both get it (migration 0027_reader_names).
      const { username } = request.body;
      const row = await setUsername(db, { id: me.id, username }).catch((error) => {
        if (databaseErrorOf(error)?.code === '23505')
          throw new AppError('CONFLICT', m.usernameTaken);
        throw error;
      });
      app.forgetSessions(); // the session shows the new name at once
      readerChanged(me.id);
      if (!row) throw new AppError('NOT_FOUND', m.profileNotFound);
      return toSessionUser(row);
    },
  );

  const pageSchema = {
    summary: "La page de profil d'un lecteur (la mienne avec mes statistiques et mon e-mail)",
    tags,
    security: sessionRequired,
    params: readerParamsSchema,
    response: { 200: profilePageSchema },
  };
  r.get(
    '/api/profiles/:id',
    { preHandler: requireReader(), schema: pageSchema },
    async (request): Promise<ProfilePage> => {
      const me = signedIn(request);
      const { id } = request.params;
      const isOwner = me.id === id;
      // Independent reads, in parallel (each its own connection on PostgreSQL).
      const [profile, relation, stats, books, badges] = await Promise.all([
        findPublicReader(db, id),
        readerRelation(db, { viewerId: me.id, readerId: id }),
        isOwner ? readerStats(db, id, { categories: false }) : null,
        profileBooks(db, { userId: id, limits: PROFILE_LIMITS }),
        readerBadgeViews(db, id, { earnedOnly: true, newestFirst: true }),
      ]);
      if (!profile || !relation) throw new AppError('NOT_FOUND', m.profileNotFound);
      // Another reader's page: public fields only, never e-mail, premium or admin flags.
      const ownStats =
        stats && (({ readingDays: _d, categoriesRead: _c, ...tiles }) => tiles)(stats);
      return {
        profile: {
          id: profile.id,
          username: profile.username,
          avatarUrl: profile.avatarUrl,
          createdAt: profile.createdAt.toISOString(),
          email: isOwner ? me.email : null,
        },
        isOwner,
        counts: relation.counts,
        relation: relation.relation,
        stats: ownStats,
        inProgress: books.inProgress,
        finished: books.finished,
        badges,
      };
    },
  );
}
