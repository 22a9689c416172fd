import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COVER_MAX_BYTES } from '../../../domain/covers';
import { coverUploadMessages as m } from '../../../domain/messages/covers';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireAdmin, signedIn } from '../../plugins/auth';
import { acceptImageUploads, imageTypes, uploadedBytes } from '../../plugins/image-upload';
import { sessionRequired } from '../../plugins/openapi';
import { recordAdminAction } from '../audit';
import { limited, writeLimits } from '../rate-limits';
import { createCoverFilesRepository, writeCover } from './cover-files.repository';
import { processCoverUpload } from './cover-variants';

const bookParams = z.object({ id: z.uuid({ error: m.bookNotFound }) });
const imageBody = z.unknown().meta({
  type: 'string',
  format: 'binary',
  description: "Les octets de l'image (JPEG, PNG, WebP, AVIF ou GIF), 5 Mo au plus",
});
export const uploadedCoverSchema = z.object({
  bookId: z.string(),
  version: z.string(),
  coverUrl: z.string(),
  coverWebpUrl: z.string(),
});

/**
 * A book's cover, uploaded by an administrator (PUT, the raw bytes, decision 026): cropped,
 * stored with its sized variants, served by covers.routes.ts.
 */
export async function coverUploadRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const files = createCoverFilesRepository({ db });
  await app.register(async (uploads) => {
    acceptImageUploads(uploads, { maxBytes: COVER_MAX_BYTES, messages: m });
    const ru = uploads.withTypeProvider<ZodTypeProvider>();
    ru.put(
      '/api/admin/books/:id/cover',
      {
        preHandler: requireAdmin,
        config: limited('admin:cover-upload', writeLimits.admin),
        schema: {
          summary: "Changer la couverture d'un livre (recadrée en 2:3 ; AVIF, WebP et JPEG)",
          tags: ['Administration'],
          security: sessionRequired,
          consumes: imageTypes,
          params: bookParams,
          body: imageBody,
          response: { 200: uploadedCoverSchema },
        },
      },
      async (request) => {
        const admin = signedIn(request);
        const bytes = uploadedBytes(request.body, m);
        const book = await files.findBook({ id: request.params.id });
        if (!book) throw new AppError('NOT_FOUND', m.bookNotFound);
        const cover = await processCoverUpload(bytes);
        await db.transaction(async (tx) => {
          await writeCover(tx, book.id, cover);
          await recordAdminAction(tx, {
            adminId: admin.id,
            action: 'book.cover.upload',
            entity: 'book',
            entityId: book.id,
            before: { coverVersion: book.coverVersion, generator: book.generator },
            after: { coverVersion: cover.version, generator: null },
          });
        });
        return {
          bookId: book.id,
          version: cover.version,
          coverUrl: `/covers/${book.slug}.jpg?v=${cover.version}`,
          coverWebpUrl: `/covers/${book.slug}.webp?v=${cover.version}`,
        };
      },
    );
  });
}
