import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../domain/api.schemas';
import {
  createDeviceSchema,
  createdDeviceSchema,
  deviceParamsSchema,
  documentParamsSchema,
  kosyncOverviewSchema,
  linkDocumentSchema,
} from '../../../domain/kosync.schemas';
import { kosyncMessages as m } from '../../../domain/messages/kosync';
import type { Db } from '../../db/client';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import {
  createDevice,
  linkDocument,
  linkedMessage,
  overview,
  revokeDevice,
  unlinkDocument,
} from './kosync.settings';

/**
 * Paramètres' « Liseuse KOReader » (decision 053): the signed-in reader's own device
 * passwords and the books their devices reported, never anyone else's (the reader comes
 * from the session; a device or document of another reader is not found).
 */
export async function kosyncRoutes(
  app: FastifyInstance,
  { db, publicUrl }: { db: Db; publicUrl: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reader = { preHandler: requireReader() };
  const tags = ['Liseuse KOReader'];
  const writes = limited('kosync-settings', writeLimits.reader);

  r.get(
    '/api/kosync',
    {
      schema: {
        summary: 'Ce qu’il faut taper dans KOReader, mes mots de passe d’appareil et leurs livres',
        tags,
        security: sessionRequired,
        response: { 200: kosyncOverviewSchema },
      },
      ...reader,
    },
    async (request, reply) => {
      const me = signedIn(request);
      reply.header('cache-control', 'private, no-store');
      return overview(db, { userId: me.id, email: me.email, publicUrl });
    },
  );

  r.post(
    '/api/kosync/devices',
    {
      config: writes,
      schema: {
        summary: 'Créer un mot de passe d’appareil (affiché une seule fois)',
        tags,
        security: sessionRequired,
        body: createDeviceSchema,
        response: { 201: createdDeviceSchema },
      },
      ...reader,
    },
    async (request, reply) => {
      const me = signedIn(request);
      const created = await createDevice(db, {
        userId: me.id,
        email: me.email,
        name: request.body.name,
      });
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  r.delete(
    '/api/kosync/devices/:id',
    {
      config: writes,
      schema: {
        summary: 'Révoquer un mot de passe d’appareil',
        tags,
        security: sessionRequired,
        params: deviceParamsSchema,
        response: { 200: messageSchema },
      },
      ...reader,
    },
    async (request) => {
      await revokeDevice(db, { userId: signedIn(request).id, id: request.params.id });
      return { message: m.revoked };
    },
  );

  r.put(
    '/api/kosync/documents/:document/book',
    {
      config: writes,
      schema: {
        summary: 'Dire quel livre du catalogue un appareil lit (une fois)',
        tags,
        security: sessionRequired,
        params: documentParamsSchema,
        body: linkDocumentSchema,
        response: { 200: messageSchema },
      },
      ...reader,
    },
    async (request) => {
      const { title } = await linkDocument(db, {
        userId: signedIn(request).id,
        document: request.params.document.toLowerCase(),
        bookId: request.body.bookId,
      });
      return { message: linkedMessage(title) };
    },
  );

  r.delete(
    '/api/kosync/documents/:document/book',
    {
      config: writes,
      schema: {
        summary: 'Délier un livre de liseuse lié au mauvais livre',
        tags,
        security: sessionRequired,
        params: documentParamsSchema,
        response: { 200: messageSchema },
      },
      ...reader,
    },
    async (request) => {
      await unlinkDocument(db, {
        userId: signedIn(request).id,
        document: request.params.document.toLowerCase(),
      });
      return { message: m.unlinked };
    },
  );
}
