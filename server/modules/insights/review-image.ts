import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '../../../domain/html';
import type { Review } from '../../../domain/insights.schemas';
import { categoryLabels } from '../../../domain/messages/catalogue';
import { fill, fillPlural } from '../../../domain/messages/fill';
import { reviewMessages as m } from '../../../domain/messages/insights';
import { sharp } from '../../lazy-modules';
import { cacheCounters } from '../../plugins/metrics';

// The year in review as a 1200×630 PNG (the Open Graph size). It shows figures only, never
// the reader's name or photo, and its URL carries a signature: only someone the reader gave
// the link to can open it (profiles are for signed-in readers only).

/** Signature of a reader's review image for a year (URL-safe, 22 characters). */
export function reviewSignature(secret: string, readerId: string, year: number): string {
  return createHmac('sha256', secret)
    .update(`lisons-review\0${readerId}\0${year}`)
    .digest('base64url')
    .slice(0, 22);
}

/** True when `signature` is the one of this reader and year (constant time). */
export function validReviewSignature(x: {
  secret: string;
  readerId: string;
  year: number;
  signature: string;
}): boolean {
  const expected = Buffer.from(reviewSignature(x.secret, x.readerId, x.year));
  const given = Buffer.from(x.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The image's path: /images/bilan/<reader>-<year>-<signature>.png */
export const reviewImagePath = (secret: string, readerId: string, year: number) =>
  `/images/bilan/${readerId}-${year}-${reviewSignature(secret, readerId, year)}.png`;

const books = { one: '{n} livre terminé', many: '{n} livres terminés' };
const pages = { one: '{n} page validée', many: '{n} pages validées' };
const days = { one: '{n} jour', many: '{n} jours' };
const number = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\u202f/g, '\u00a0');

/** The review drawn as a PNG (paper, ink and the brick accent of the app). */
export async function renderReviewImage(review: Omit<Review, 'imageUrl'>): Promise<Buffer> {
  const lines: [string, string][] = [
    [m.booksFinished, fillPlural(review.booksFinished, books, { n: number(review.booksFinished) })],
    [m.pages, fillPlural(review.pages, pages, { n: number(review.pages) })],
    [m.longestStreak, fillPlural(review.longestStreak, days, { n: review.longestStreak })],
    [
      m.favouriteCategory,
      review.favouriteCategory ? categoryLabels[review.favouriteCategory] : m.none,
    ],
  ];
  const rows = lines
    .map(
      ([label, value], i) =>
        `<text x="80" y="${270 + i * 80}" font-size="30" fill="#5b5046">${escapeHtml(label)}</text>
         <text x="1120" y="${270 + i * 80}" font-size="38" font-weight="bold" fill="#1c1813" text-anchor="end">${escapeHtml(value)}</text>`,
    )
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fbf7ef"/>
  <rect x="0" y="0" width="1200" height="16" fill="#a23b26"/>
  <g font-family="DejaVu Serif, Liberation Serif, serif">
    <text x="80" y="140" font-size="64" font-weight="bold" fill="#1c1813">${escapeHtml(fill(m.imageTitle, { year: review.year }))}</text>
  </g>
  <g font-family="DejaVu Sans, Liberation Sans, sans-serif">
    ${rows}
    <text x="80" y="590" font-size="28" fill="#a23b26">Lisons</text>
  </g>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}

type ReviewFigures = Omit<Review, 'imageUrl'>;

/** What a review image shows, hashed: its cache key and its ETag (the URL stays the same). */
export const reviewImageKey = (review: ReviewFigures) =>
  createHash('sha256').update(JSON.stringify(review)).digest('base64url');

/**
 * The review images this process rendered, by a hash of what they show (the year and the
 * figures, never who): a render costs ~60 ms of CPU, and link previews ask again and again.
 * A per-process LRU is enough, with no table: an entry never goes stale, since other
 * figures are another key, so processes never need to agree; each renders a content once.
 * `render` is a seam for tests; a render is a miss of the 'review-image' cache metrics.
 */
export function createReviewImages({
  render = renderReviewImage,
  max = 200,
}: {
  render?: (review: ReviewFigures) => Promise<Buffer>;
  max?: number;
} = {}) {
  const images = new Map<string, Promise<Buffer>>();
  const count = cacheCounters('review-image');
  return (review: ReviewFigures): Promise<Buffer> => {
    const key = reviewImageKey(review);
    const known = images.get(key);
    if (known) {
      count.hit();
      images.delete(key); // most recently used goes last, the oldest is dropped first
      images.set(key, known);
      return known;
    }
    count.miss();
    // The promise is kept, so requests arriving during the render share it; a failed
    // render is forgotten, so the next request tries again.
    const png = render(review);
    png.catch(() => images.delete(key));
    images.set(key, png);
    const oldest = images.keys().next().value;
    if (images.size > max && oldest !== undefined) images.delete(oldest);
    return png;
  };
}
