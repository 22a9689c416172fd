import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../domain/api.schemas';
import {
  goalAnswerSchema,
  importDoneSchema,
  importFileSchema,
  importPreviewSchema,
  insightsSchema,
  reviewSchema,
  setGoalSchema,
  yearParams,
} from '../../../domain/insights.schemas';
import { fillPlural } from '../../../domain/messages/fill';
import { goalMessages, importMessages, reviewMessages } from '../../../domain/messages/insights';
import type { Db } from '../../db/client';
import type { ReaderPages } from '../../db/reader-cache';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { sendImage } from '../../plugins/image-upload';
import { sessionRequired } from '../../plugins/openapi';
import { sendPreparedJson, serializedJson } from '../../plugins/prepared-body';
import { limited, writeLimits } from '../rate-limits';
import { importEntries, readingList } from '../reading';
import { matchRows, parseExport } from './book-import';
import { createInsightsRepository } from './insights.repository';
import { yearReview } from './review.repository';
import {
  createReviewImages,
  reviewImageKey,
  reviewImagePath,
  validReviewSignature,
} from './review-image';

const imageParams = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f-]{36}-\d{4}-[A-Za-z0-9_-]{22}\.png$/, { error: reviewMessages.imageNotFound }),
});

/** Insights, yearly goals, the year in review and the import (decision 028). */
export async function insightsRoutes(
  app: FastifyInstance,
  { db, secret, pages }: { db: Db; secret: string; pages: ReaderPages },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const insights = createInsightsRepository({ db });
  const reader = { preHandler: requireReader() };
  const reviewImage = createReviewImages();
  const tags = ['Statistiques et objectifs'];
  const own = { tags, security: sessionRequired };

  r.get(
    '/api/me/insights',
    {
      schema: {
        ...own,
        summary: 'Mon calendrier, mes pages par semaine et par mois, mon rythme',
        response: { 200: insightsSchema },
      },
      ...reader,
    },
    async (request) => insights.insights(signedIn(request).id),
  );

  const goalSchema = (summary: string) => ({
    ...own,
    summary,
    params: yearParams,
    response: { 200: goalAnswerSchema },
  });
  r.get(
    '/api/me/goals/:year',
    { schema: goalSchema('Mon objectif de l’année'), ...reader },
    async (request, reply) => {
      const me = signedIn(request).id;
      const { year } = request.params;
      const page = await pages.page(me, `goal:${year}`, async () =>
        serializedJson(reply, { goal: await insights.goal(me, year) }),
      );
      return sendPreparedJson(request, reply, page);
    },
  );
  r.put(
    '/api/me/goals/:year',
    {
      config: limited('goals', writeLimits.reader),
      schema: { ...goalSchema('Fixer mon objectif de l’année'), body: setGoalSchema },
      ...reader,
    },
    async (request) => {
      const userId = signedIn(request).id;
      const { year } = request.params;
      await insights.setGoal({ userId, year, ...request.body });
      return { goal: await insights.goal(userId, year) };
    },
  );
  r.delete(
    '/api/me/goals/:year',
    {
      config: limited('goals', writeLimits.reader),
      schema: {
        ...own,
        summary: 'Retirer mon objectif de l’année',
        params: yearParams,
        response: { 200: messageSchema },
      },
      ...reader,
    },
    async (request) => {
      const removed = await insights.removeGoal(signedIn(request).id, request.params.year);
      if (!removed) throw new AppError('NOT_FOUND', goalMessages.notFound);
      return { message: goalMessages.removed };
    },
  );

  r.get(
    '/api/me/reviews/:year',
    {
      schema: {
        ...own,
        summary: 'Mon bilan de l’année',
        params: yearParams,
        response: { 200: reviewSchema },
      },
      ...reader,
    },
    async (request) => {
      const userId = signedIn(request).id;
      const review = await yearReview(db, { userId, year: request.params.year });
      if (!review) throw new AppError('NOT_FOUND', reviewMessages.loadFailed);
      return { ...review, imageUrl: reviewImagePath(secret, userId, review.year) };
    },
  );

  // The review's image, for link previews: no session (crawlers have none), only the
  // signature of the link the reader shared; the figures, never a name.
  r.get(
    '/images/bilan/:file',
    {
      // Per address: crawlers have no session; a cached image costs little (createReviewImages).
      config: limited('review-image', { limit: 120, windowMs: 60_000, per: 'address' }),
      schema: { params: imageParams, hide: true },
    },
    async (request, reply) => {
      const match = /^(.{36})-(\d{4})-(.{22})\.png$/.exec(request.params.file);
      const [, readerId = '', yearText = '', signature = ''] = match ?? [];
      const year = Number(yearText);
      if (!validReviewSignature({ secret, readerId, year, signature })) {
        throw new AppError('NOT_FOUND', reviewMessages.imageNotFound);
      }
      const review = await yearReview(db, { userId: readerId, year });
      if (!review) throw new AppError('NOT_FOUND', reviewMessages.imageNotFound);
      // Not immutable: the figures, so the image, change under the same URL during the year.
      return sendImage(
        request,
        reply,
        {
          etag: `"${reviewImageKey(review)}"`,
          contentType: 'image/png',
          bytes: await reviewImage(review),
        },
        'public, max-age=3600',
      );
    },
  );

  // The import: the same file is sent twice, to preview and to confirm, so nothing is held
  // between the two requests (any process may answer either).
  // The app's 1 MiB body limit holds an export of several thousand books.
  const importOptions = reader;
  const readExport = async (userId: string, csv: string) => {
    const parsed = parseExport(csv);
    if (!parsed.ok) {
      throw new AppError('VALIDATION_ERROR', parsed.errors.join('\n'), { errors: parsed.errors });
    }
    const listed = new Set((await readingList(db, userId)).map((item) => item.book.id));
    return matchRows(db, parsed.rows, listed);
  };
  r.post(
    '/api/me/imports/preview',
    {
      config: limited('imports:preview', writeLimits.costly),
      schema: {
        ...own,
        summary: 'Prévisualiser l’import d’un export Goodreads ou StoryGraph',
        body: importFileSchema,
        response: { 200: importPreviewSchema },
      },
      ...importOptions,
    },
    async (request) => readExport(signedIn(request).id, request.body.csv),
  );
  r.post(
    '/api/me/imports',
    {
      config: limited('imports', writeLimits.costly),
      schema: {
        ...own,
        summary: 'Importer les livres trouvés d’un export Goodreads ou StoryGraph',
        body: importFileSchema,
        response: { 200: importDoneSchema },
      },
      ...importOptions,
    },
    async (request) => {
      const userId = signedIn(request).id;
      const preview = await readExport(userId, request.body.csv);
      const added = await importEntries(db, {
        userId,
        entries: preview.matched
          .filter((row) => !row.alreadyInList)
          .map((row) => ({ bookId: row.book.id, shelf: row.shelf, readOn: row.readOn })),
      });
      const message =
        added.length === 0
          ? importMessages.nothingToImport
          : fillPlural(added.length, importMessages.imported);
      return { message, added: added.length };
    },
  );
}
