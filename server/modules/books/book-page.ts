import { catalogueMessages as m } from '../../../domain/messages/catalogue';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findBookDetail } from './books.repository';
import { type CachedBook, type CatalogueCache, cachedBook } from './catalogue-cache';

/**
 * A published book's page as every reader sees it (id or slug), from the catalogue cache:
 * its detail and a visitor's whole answer, ready to send. NOT_FOUND for an unknown book,
 * BOOK_UNAVAILABLE for an unpublished one. The module that adds a reader's own data to it
 * (reading's book page) calls this (docs/decisions/039-one-way-across-modules.md).
 */
export async function publishedBookPage(
  db: Db,
  { cache, ref }: { cache: CatalogueCache; ref: string },
): Promise<CachedBook> {
  const cached = await cache.books.get(ref.toLowerCase(), async () =>
    cachedBook(await findBookDetail(db, ref)),
  );
  if (!cached) throw new AppError('NOT_FOUND', fill(m.bookNotFound, { id: ref }));
  if (!cached.book.isPublished) throw new AppError('BOOK_UNAVAILABLE', m.bookUnavailable);
  return cached;
}
