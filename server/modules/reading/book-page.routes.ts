import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookRefSchema, bookWithProgressSchema } from '../../../domain/books.schemas';
import type { DeviceReading } from '../../../domain/kosync.schemas';
import type { Db } from '../../db/client';
import type { ReaderPages } from '../../db/reader-cache';
import { sessionOptional } from '../../plugins/openapi';
import { sendPreparedJson } from '../../plugins/prepared-body';
import { type CatalogueCache, publishedBookPage } from '../books';
import { findProgress } from './reading.repository';

type Options = {
  db: Db;
  /** The catalogue as every reader sees it, shared with books' routes (one per process). */
  cache: CatalogueCache;
  /** Each reader's answers, dropped by their writes and the catalogue's (decision 049). */
  pages: ReaderPages;
  /**
   * The page the reader's KOReader devices reached on the book (decision 053), given by
   * app.ts: the kosync module depends on reading, never the reverse.
   */
  deviceReading?: (p: {
    userId: string;
    book: { id: string; totalPages: number; expectedSegments: number };
    validated: number | null;
  }) => Promise<DeviceReading | null>;
};

/**
 * One book's page: the catalogue's cached book, and the signed-in reader's progress on it.
 * It shows both modules' data, so it sits in reading, which depends on books; books takes
 * nothing of reading (docs/decisions/039-one-way-across-modules.md).
 */
export async function bookPageRoutes(
  app: FastifyInstance,
  { db, cache, pages, deviceReading }: Options,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The answer is prepared JSON (a string or bytes): Fastify sends it without the
  // serializer, so this schema documents it.
  const bookSchema = {
    summary: 'Un livre (id ou slug), et ma progression si je suis connecté',
    tags: ['Catalogue'],
    security: sessionOptional,
    params: bookRefSchema,
    response: { 200: bookWithProgressSchema },
  };
  r.get('/api/books/:ref', { schema: bookSchema }, async (request, reply) => {
    const page = await publishedBookPage(db, { cache, ref: request.params.ref });
    const user = request.reader;
    if (!user) return sendPreparedJson(request, reply, page.anonymous);
    // The shared part is serialised once; only the reader's progress is theirs.
    const bookId = page.book.id;
    const answer = await pages.page(user.id, `book:${bookId}`, async () => {
      const progress = await findProgress(db, { userId: user.id, bookId });
      const device = deviceReading
        ? await deviceReading({
            userId: user.id,
            book: page.book,
            validated: progress?.segmentsValidated ?? null,
          })
        : null;
      return `{"book":${page.bookJson},"progress":${JSON.stringify(progress)},"device":${JSON.stringify(device)}}`;
    });
    return sendPreparedJson(request, reply, answer);
  });
}
