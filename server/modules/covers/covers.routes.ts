import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseCoverFile } from '../../../domain/covers';
import { coverUploadMessages as m } from '../../../domain/messages/covers';
import { errorMessages } from '../../../domain/messages/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { sharp } from '../../lazy-modules';
import { sendImmutableImage } from '../../plugins/image-upload';
import { createCoverFilesRepository } from './cover-files.repository';
import { encodeVariant } from './cover-variants';
import { createCoversRepository } from './covers.repository';

const cardFileParams = z.object({
  file: z.string().regex(/^[a-z0-9-]{1,200}\.(jpg|webp)$/, errorMessages.notFound),
});
const variantParams = z.object({ slug: z.string(), file: z.string() });

/**
 * The cover files, public and cached for ever by browsers (decision 026): the card's 512 px
 * JPEG and WebP (/covers/<slug>.jpg?v=<version>: the version is in the query) and the sized
 * variants under content-hashed URLs (/covers/<slug>/<version>-<width>.<format>). A drawn
 * cover's variants are made from its JPEG on first request.
 */
export async function coversRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const covers = createCoversRepository({ db });
  const files = createCoverFilesRepository({ db });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/covers/:file', { schema: { params: cardFileParams } }, async (request, reply) => {
    const [slug, extension] = request.params.file.split('.') as [string, 'jpg' | 'webp'];
    const cover = await covers.findBySlug(slug);
    if (!cover) throw new AppError('NOT_FOUND', errorMessages.notFound);
    return sendImmutableImage(request, reply, {
      etag: `"${cover.version}-${extension}"`,
      contentType: extension === 'jpg' ? 'image/jpeg' : 'image/webp',
      bytes: extension === 'jpg' ? cover.jpeg : cover.webp,
    });
  });

  r.get('/covers/:slug/:file', { schema: { params: variantParams } }, async (request, reply) => {
    const name = parseCoverFile(request.params.file);
    const found = name
      ? await files.findVariant(request.params.slug, name.version, name.variant)
      : null;
    if (!name || !found) throw new AppError('NOT_FOUND', m.fileNotFound);
    let file: { bytes: Buffer; contentType: string };
    if (found.kind === 'stored') {
      file = found;
    } else {
      file = await encodeVariant(() => sharp(found.jpeg), name.variant);
      await files.keepVariant(found.bookId, name.version, { variant: name.variant, ...file });
    }
    return sendImmutableImage(request, reply, {
      etag: `"${name.version}-${name.variant}"`,
      ...file,
    });
  });
}
