import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  profileUpdateSchema,
  publicProfileSchema,
  sessionUserSchema,
} from '../../../domain/accounts.schemas';
import { accountMessages as m } from '../../../domain/messages/accounts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { toSessionUser } from '../auth/session';
import { createUsersRepository } from '../auth/users.repository';

const idParams = z.object({ id: z.uuid({ error: m.profileNotFound }) });

/** The reader's own profile (all fields, username editable) and others' public view. */
export async function profilesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const profiles = createUsersRepository({ db });
  app.addHook('preHandler', requireReader());

  const tags = ['Profils'];
  const meSchema = {
    summary: 'Mon profil (tous les champs)',
    tags,
    security: sessionRequired,
    response: { 200: sessionUserSchema },
  };
  r.get('/api/profiles/me', { schema: meSchema }, async (request) => signedIn(request));

  const renameSchema = {
    summary: "Changer mon nom d'utilisateur",
    tags,
    security: sessionRequired,
    body: profileUpdateSchema,
    response: { 200: sessionUserSchema },
  };
  r.patch('/api/profiles/me', { schema: renameSchema }, async (request) => {
    const me = signedIn(request);
    const row = await profiles.setUsername(me.id, request.body.username);
    app.forgetSessions(); // the session shows the new name at once
    if (!row) throw new AppError('NOT_FOUND', m.profileNotFound);
    return toSessionUser(row);
  });

  const publicSchema = {
    summary: "Le profil public d'un lecteur",
    tags,
    security: sessionRequired,
    params: idParams,
    response: { 200: publicProfileSchema },
  };
  r.get('/api/profiles/:id', { schema: publicSchema }, async (request) => {
    const profile = await profiles.findPublic(request.params.id);
    if (!profile) throw new AppError('NOT_FOUND', m.profileNotFound);
    return { ...profile, createdAt: profile.createdAt.toISOString() };
  });
}
