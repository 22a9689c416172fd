import type { Db } from '../../db/client';
import { readDemoCatalogue } from '../books';
import { COVER_GENERATOR, renderCover } from './cover-image';
import { createCoversRepository } from './covers.repository';

/**
 * Draws the demo books' covers that are missing (a first load, or a start stopped while
 * drawing them) or were drawn by an older drawing (their URLs change with them), one at a
 * time (sharp keeps each under ~100 ms). Returns how many were drawn.
 */
export async function drawDemoCovers(db: Db, dataDir?: string): Promise<number> {
  const slugs = readDemoCatalogue(dataDir).books.map((b) => b.key);
  const covers = createCoversRepository({ db });
  const books = await covers.needingCover(slugs, COVER_GENERATOR);
  for (const book of books) await covers.save(book.id, await renderCover(book));
  return books.length;
}
