import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserSchema } from '../../../domain/accounts.schemas';
import { AVATAR_MAX_BYTES, parseAvatarFile } from '../../../domain/avatars';
import { avatarMessages as m } from '../../../domain/messages/avatars';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { acceptImageUploads, sendImmutableImage, uploadedBytes } from '../../plugins/image-upload';
import { sessionRequired } from '../../plugins/openapi';
import { toSessionUser } from '../auth';
import type { RateLimitRule, RateLimitsRepository } from '../rate-limits';
import { countedByHandler, enforceRateLimits, limited, writeLimits } from '../rate-limits';
import { processAvatar } from './avatar-image';
import { createAvatarsRepository } from './avatars.repository';

/** Each upload costs a decode and four encodes: 20 an hour is plenty for a reader. */
export const avatarLimits = {
  uploadsPerReader: { limit: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

type Options = {
  db: Db;
  rateLimits: RateLimitsRepository;
  /** Told after a photo change, so what this process caches of the reader (feeds) shows it. */
  readerChanged: (readerId: string) => void;
};

const fileParams = z.object({ file: z.string() });

// The body is the photo's bytes, as a browser sends a File with fetch. Its content type
// only routes it here: the decoded bytes decide what it is (avatar-image.ts).
const photoBody = z.unknown().meta({
  type: 'string',
  format: 'binary',
  description: 'Les octets de la photo (JPEG, PNG, WebP, AVIF, HEIF ou GIF), 5 Mo au plus',
});
const consumes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'application/octet-stream',
];

/**
 * Readers' photos: upload (PUT, the raw bytes), removal, and the files themselves under
 * content-hashed URLs (/avatars/<hash>-<size>.<format>), cached for ever by browsers.
 */
export async function avatarsRoutes(
  app: FastifyInstance,
  { db, rateLimits, readerChanged }: Options,
) {
  const avatars = createAvatarsRepository({ db });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public like the profile that shows it; a new photo gets a new hash, so a new URL.
  r.get('/avatars/:file', { schema: { params: fileParams } }, async (request, reply) => {
    const name = parseAvatarFile(request.params.file);
    const file = name ? await avatars.find(name.hash, name.variant) : null;
    if (!name || !file) throw new AppError('NOT_FOUND', m.notFound);
    return sendImmutableImage(request, reply, { etag: `"${name.hash}-${name.variant}"`, ...file });
  });

  await app.register(async (readers) => {
    const tags = ['Profils'];

    const removeSchema = {
      summary: 'Supprimer ma photo de profil (retour aux initiales)',
      tags,
      security: sessionRequired,
      response: { 200: sessionUserSchema },
    };
    const rr = readers.withTypeProvider<ZodTypeProvider>();
    rr.delete(
      '/api/profiles/me/avatar',
      {
        preHandler: requireReader(),
        config: limited('avatar:remove', writeLimits.reader),
        schema: removeSchema,
      },
      async (request) => {
        const me = signedIn(request);
        const row = await avatars.remove(me.id);
        app.forgetSessions();
        readerChanged(me.id);
        if (!row) throw new AppError('NOT_FOUND', m.notFound);
        return toSessionUser(row);
      },
    );

    // The photo parsers apply to the upload only.
    await readers.register(async (uploads) => {
      acceptImageUploads(uploads, { maxBytes: AVATAR_MAX_BYTES, messages: m });

      const uploadSchema = {
        summary: 'Changer ma photo de profil (recadrée, redimensionnée, WebP et AVIF)',
        tags,
        security: sessionRequired,
        consumes,
        body: photoBody,
        response: { 200: sessionUserSchema },
      };
      const ru = uploads.withTypeProvider<ZodTypeProvider>();
      ru.put(
        '/api/profiles/me/avatar',
        {
          preHandler: requireReader(),
          config: countedByHandler('only a photo spends an upload (avatarLimits)'),
          schema: uploadSchema,
        },
        async (request) => {
          const me = signedIn(request);
          const photo = uploadedBytes(request.body, m);
          await enforceRateLimits(rateLimits, [
            { key: `avatar:user:${me.id}`, rule: avatarLimits.uploadsPerReader },
          ]);
          const row = await avatars.replace(me.id, await processAvatar(photo, me.id));
          app.forgetSessions(); // the session (header, menus) shows the new photo at once
          readerChanged(me.id);
          if (!row) throw new AppError('NOT_FOUND', m.notFound);
          return toSessionUser(row);
        },
      );
    });
  });
}
