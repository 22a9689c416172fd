import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTO_COVER_PREVIEW } from '../../../domain/covers';
import {
  autoCoverListSchema,
  autoCoverQuerySchema,
  autoCoverStartSchema,
  coverBatchSchema,
  latestBatchSchema,
} from '../../../domain/covers.schemas';
import { autoCoverMessages as m } from '../../../domain/messages/covers';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireAdmin, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { recordAdminAction } from '../audit';
import { limited, writeLimits } from '../rate-limits';
import type { CoverBatchRunner } from './cover-batch.runner';
import { publishProgress } from './cover-batch.runner';
import {
  batchView,
  coverCandidates,
  createCoverBatchesRepository,
} from './cover-batches.repository';
import { coverBatches } from './covers.table';

const coverUrls = (slug: string, version: string | null) => ({
  coverUrl: version ? `/covers/${slug}.jpg?v=${version}` : null,
  coverWebpUrl: version ? `/covers/${slug}.webp?v=${version}` : null,
});

/** PostgreSQL's unique violation: a second batch while one runs (cover_batches_one_running). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * The auto-covers page (docs/architecture.md#back-office): the books a batch would draw, the batch
 * under way (or the last), and starting one. Administrators only. The batch itself runs in
 * cover-batch.runner.ts, in whichever process holds its lease.
 */
export async function autoCoversRoutes(
  app: FastifyInstance,
  { db, runner }: { db: Db; runner: CoverBatchRunner },
) {
  const batches = createCoverBatchesRepository({ db });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const about = (summary: string) => ({
    summary,
    tags: ['Administration'],
    security: sessionRequired,
  });

  r.get(
    '/api/admin/auto-covers',
    {
      preHandler: requireAdmin,
      schema: {
        ...about('Les livres sans couverture (ou à couverture ancienne), par groupe'),
        querystring: autoCoverQuerySchema,
        response: { 200: autoCoverListSchema },
      },
    },
    async (request) => {
      const rows = await coverCandidates(db, request.query);
      return {
        count: rows.length,
        preview: rows.slice(0, AUTO_COVER_PREVIEW).map((row) => ({
          id: row.id,
          slug: row.slug,
          title: row.title,
          author: row.author,
          group: row.group,
          ...coverUrls(row.slug, row.coverVersion),
        })),
      };
    },
  );

  r.get(
    '/api/admin/auto-covers/batch',
    {
      preHandler: requireAdmin,
      schema: {
        ...about('Le batch de couvertures en cours, ou le dernier'),
        response: { 200: latestBatchSchema },
      },
    },
    async () => {
      const row = await batches.latest();
      return { batch: row ? batchView(row) : null };
    },
  );

  r.post(
    '/api/admin/auto-covers/batches',
    {
      preHandler: requireAdmin,
      config: limited('admin:auto-covers', writeLimits.admin),
      schema: {
        ...about('Lancer un batch de couvertures (un seul à la fois)'),
        body: autoCoverStartSchema,
        response: { 202: coverBatchSchema },
      },
    },
    async (request, reply) => {
      const admin = signedIn(request);
      const { group, limit } = request.body;
      let view: ReturnType<typeof batchView>;
      try {
        view = await db.transaction(async (tx) => {
          const books = await coverCandidates(tx, { group, limit });
          if (books.length === 0) throw new AppError('CONFLICT', m.nothingToDo);
          const [row] = await tx
            .insert(coverBatches)
            .values({ requestedBy: admin.id, groupFilter: group, bookIds: books.map((b) => b.id) })
            .returning();
          if (!row) throw new Error('batch not created');
          await recordAdminAction(tx, {
            adminId: admin.id,
            action: 'covers.batch.start',
            entity: 'cover_batch',
            entityId: row.id,
            after: { group, limit, total: books.length },
          });
          const batch = batchView(row);
          await publishProgress(tx, admin.id, batch);
          return batch;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', m.alreadyRunning);
        throw error;
      }
      // This process starts at once; if it cannot, another one takes the batch within 20 s.
      void runner.kick();
      return reply.code(202).send(view);
    },
  );
}
