import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Category } from '../../../domain/books.schemas';
import type { Db } from '../../db/client';
import { projectRoot } from '../../paths';
import { readDemoCatalogue } from '../books';
import { COVER_GENERATOR, renderCover } from './cover-image';
import { createCoversRepository } from './covers.repository';

// The demo catalogue's covers, drawn once by `npm run build` (decision 041). Drawing its
// fifty-odd covers (libvips encoding WebP and JPEG) was most of a fresh start's CPU, paid
// again by every new data folder (each end-to-end server, each `npm start` on a new
// DATA_DIR). The build writes what renderCover returns; a start copies those bytes and
// draws only a book the build did not (a title changed since, a newer drawing, no build).
export const demoCoversDir = path.join(projectRoot, 'dist/demo-covers');

type CoverInput = { title: string; author: string; category: Category };
type Cover = Awaited<ReturnType<typeof renderCover>>;

/** A file name that changes with anything the drawing reads, and with the drawing itself. */
function coverKey(book: CoverInput): string {
  const input = JSON.stringify([COVER_GENERATOR, book.title, book.author, book.category]);
  return createHash('sha256').update(input).digest('hex').slice(0, 32);
}

/** The cover the build drew for this book, or undefined (not built, or drawn from other text). */
export function prebuiltCover(book: CoverInput, dir = demoCoversDir): Cover | undefined {
  const base = path.join(dir, coverKey(book));
  try {
    const webp = fs.readFileSync(`${base}.webp`);
    const jpeg = fs.readFileSync(`${base}.jpeg`);
    // The same version renderCover gives these bytes: a cover URL is the same either way.
    const version = createHash('sha256').update(jpeg).digest('hex').slice(0, 12);
    return { webp, jpeg, version, generator: COVER_GENERATOR };
  } catch {
    return undefined;
  }
}

/** A book's cover: the build's if it drew this very one, else drawn now. */
export async function demoCover(book: CoverInput, dir = demoCoversDir): Promise<Cover> {
  return prebuiltCover(book, dir) ?? (await renderCover(book));
}

/**
 * Draws these books' covers into `dir`, replacing what was there. Written into a folder
 * beside, then renamed: a server starting meanwhile never reads half a cover.
 */
export async function writeDemoCovers(books: CoverInput[], dir = demoCoversDir): Promise<number> {
  const staging = `${dir}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  let bytes = 0;
  for (const book of books) {
    const cover = await renderCover(book);
    const base = path.join(staging, coverKey(book));
    fs.writeFileSync(`${base}.webp`, cover.webp);
    fs.writeFileSync(`${base}.jpeg`, cover.jpeg);
    bytes += cover.webp.length + cover.jpeg.length;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(staging, dir);
  return bytes;
}

/**
 * Gives the demo books the covers they lack (a first load, or a start stopped while drawing
 * them) or that an older drawing made (their URLs change with them): the build's copy when it
 * drew that very cover, else drawn now, one at a time (sharp keeps each under ~100 ms).
 * Returns how many were given.
 */
export async function drawDemoCovers(
  db: Db,
  { dataDir, coversDir }: { dataDir?: string; coversDir?: string } = {},
): Promise<number> {
  const slugs = readDemoCatalogue(dataDir).books.map((b) => b.key);
  const covers = createCoversRepository({ db });
  const books = await covers.needingCover(slugs, COVER_GENERATOR);
  for (const book of books) await covers.save(book.id, await demoCover(book, coversDir));
  return books.length;
}
