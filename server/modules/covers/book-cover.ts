import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coverBook, fromBooks } from '../books';
import { drawAutoCover } from './auto-cover';
import { writeCover } from './cover-files.repository';
import { processCoverUpload } from './cover-variants';

/**
 * Gives a new book its cover (a book a reader added, decision 044): the image the reader picked,
 * cropped and stored like an upload, or, without one or when it cannot be read, the drawn
 * cover of its category. Returns what it did; 'gone' when the book was deleted meanwhile.
 */
export async function giveBookCover(
  db: Db,
  bookId: string,
  image: Buffer | null,
): Promise<'image' | 'drawn' | 'gone'> {
  const [book] = await fromBooks(db, {
    title: coverBook.title,
    author: coverBook.author,
    category: coverBook.category,
    tags: coverBook.tags,
  }).where(eq(coverBook.id, bookId));
  if (!book) return 'gone';
  if (image) {
    const processed = await processCoverUpload(image).catch(() => null);
    if (processed) {
      await db.transaction((tx) => writeCover(tx, bookId, processed));
      return 'image';
    }
  }
  const drawn = await drawAutoCover(book);
  await db.transaction((tx) => writeCover(tx, bookId, drawn));
  return 'drawn';
}
