import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema } from '../../../domain/accounts.schemas';
import { accountMessages as m } from '../../../domain/messages/accounts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Auth } from '../auth/auth';
import { requireUser, toSessionUser } from '../auth/session';
import { createProfilesRepository } from './profiles.repository';

const idParams = z.object({ id: z.uuid({ error: m.profileNotFound }) });

/** The reader's own profile (all fields, username editable) and others' public view. */
export async function profilesRoutes(app: FastifyInstance, { db, auth }: { db: Db; auth: Auth }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const profiles = createProfilesRepository({ db });

  r.get('/api/profiles/me', async (request, reply) => requireUser(auth, request, reply));

  r.patch('/api/profiles/me', { schema: { body: profileUpdateSchema } }, async (request, reply) => {
    const me = await requireUser(auth, request, reply);
    const row = await profiles.setUsername(me.id, request.body.username);
    auth.forgetSessions(); // the session shows the new name at once
    if (!row) throw new AppError('NOT_FOUND', m.profileNotFound);
    return toSessionUser(row);
  });

  r.get('/api/profiles/:id', { schema: { params: idParams } }, async (request, reply) => {
    await requireUser(auth, request, reply);
    const profile = await profiles.findPublic(request.params.id);
    if (!profile) throw new AppError('NOT_FOUND', m.profileNotFound);
    return { ...profile, createdAt: profile.createdAt.toISOString() };
  });
}
