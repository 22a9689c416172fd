import { createHash } from 'node:crypto';
import type { Category } from '../../../domain/books.schemas';
import { escapeHtml } from '../../../domain/html';
import { sharp } from '../../lazy-modules';
import { type CoverPalette, paletteOf } from './cover-palettes';
import { type CoverStyle, coverStyles, styleOf } from './cover-styles';

export const COVER_WIDTH = 512;
export const COVER_HEIGHT = 768;
/**
 * Which drawing made a cover (book_covers.generator): bump it when the drawing changes, and
 * the demo catalogue redraws its covers at the next start (their URLs change with them).
 */
export const COVER_GENERATOR = 'v2';

// The title is wrapped at 440 px, in the largest size from 30 down to 18 px
// (steps of 2) that holds it on at most 3 lines.
const TITLE_WIDTH = 440;
const TITLE_SIZES = [30, 28, 26, 24, 22, 20, 18];
const TITLE_LINES = 3;
const AUTHOR_SIZE = 24;
const SERIF = 'DejaVu Serif, Liberation Serif, serif';

/** Widths of words at 100 px, measured in the cover's own font (see measureTexts). */
export type Measured = { widths: ReadonlyMap<string, number>; space: number };

/**
 * The words of a title in French typography: a typographic apostrophe, and a no-break space
 * keeping ': ; ! ?' with the word before them.
 */
export function titleWords(title: string): string[] {
  return title
    .replace(/'/g, '’')
    .replace(/\s+([:;!?»])/g, '\u00a0$1')
    .replace(/«\s+/g, '«\u00a0')
    .split(/ +/)
    .filter(Boolean);
}

/**
 * Greedy line breaking at 440 px: the largest size from 30 down to 18 px that holds the
 * title on at most 3 lines; past that, 3 lines at 18 px ending with '…'.
 */
export function layoutTitle(
  words: readonly string[],
  measured: Measured,
): { size: number; lines: string[] } {
  const width = (word: string) => measured.widths.get(word) ?? word.length * 60;
  for (const size of TITLE_SIZES) {
    const lines = wrap(words, (TITLE_WIDTH * 100) / size, width, measured.space);
    if (lines.length <= TITLE_LINES) return { size, lines: lines.map((l) => l.join(' ')) };
  }
  const smallest = TITLE_SIZES[TITLE_SIZES.length - 1] ?? 18;
  const lines = wrap(words, (TITLE_WIDTH * 100) / smallest, width, measured.space);
  const last = [...(lines[TITLE_LINES - 1] ?? []), '…'];
  // Drop words from the last line until it and the ellipsis fit.
  while (
    last.length > 2 &&
    lineWidth(last, width, measured.space) > (TITLE_WIDTH * 100) / smallest
  ) {
    last.splice(last.length - 2, 1);
  }
  const kept = [...lines.slice(0, TITLE_LINES - 1), last].map((l) => l.join(' '));
  kept[TITLE_LINES - 1] = (kept[TITLE_LINES - 1] ?? '').replace(/ …$/, '…');
  return { size: smallest, lines: kept };
}

function lineWidth(line: readonly string[], width: (w: string) => number, space: number) {
  return line.reduce((sum, word) => sum + width(word), 0) + space * (line.length - 1);
}

function wrap(
  words: readonly string[],
  max: number,
  width: (word: string) => number,
  space: number,
): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  for (const word of words) {
    if (line.length > 0 && lineWidth([...line, word], width, space) > max) {
      lines.push(line);
      line = [];
    }
    line.push(word);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/**
 * Measures texts as the cover will draw them: one render with a row per text, then the
 * inked extent of each row. Real widths, not an average glyph: capitals and long words
 * never cross the 440 px, whatever font the machine has.
 */
export async function measureTexts(
  texts: readonly string[],
  font: { weight: 'bold' | 'normal'; italic: boolean },
): Promise<Measured> {
  const rows = [...new Set(texts), 'x x', 'xx'];
  const rowHeight = 150;
  const canvas = 40 + Math.max(...rows.map((t) => t.length)) * 120;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas}" height="${rows.length * rowHeight}">
  <rect width="100%" height="100%" fill="#fff"/>
  <g font-family="${SERIF}" font-size="100" font-weight="${font.weight}"${font.italic ? ' font-style="italic"' : ''}>${rows
    .map((t, i) => `<text x="20" y="${i * rowHeight + 110}">${escapeHtml(t)}</text>`)
    .join('')}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const extent = (row: number) => {
    let left = info.width;
    let right = -1;
    for (let y = row * rowHeight; y < (row + 1) * rowHeight; y++) {
      for (let x = 0; x < info.width; x++) {
        if ((data[y * info.width + x] ?? 255) < 160) {
          if (x < left) left = x;
          if (x > right) right = x;
        }
      }
    }
    return right < 0 ? 0 : right - left + 1;
  };
  const widths = new Map(rows.map((t, i) => [t, extent(i)]));
  const space = (widths.get('x x') ?? 0) - (widths.get('xx') ?? 0);
  return { widths, space: Math.max(space, 20) };
}

/** Where a drawing puts the title and author, and how it draws them. */
export type CoverText = {
  title: { size: number; lines: string[] };
  author: { text: string; size: number };
};

/** The title laid out and the author sized, measured in the cover font. */
export async function coverText(
  book: { title: string; author: string },
  measure: typeof measureTexts = measureTexts,
): Promise<CoverText> {
  const words = titleWords(book.title);
  const author = book.author.replace(/'/g, '’');
  const [titles, authors] = await Promise.all([
    measure([...words, '…'], { weight: 'bold', italic: false }),
    measure([author], { weight: 'normal', italic: true }),
  ]);
  const authorWidth = authors.widths.get(author) ?? 0;
  // The author stays on one line: smaller when long, down to the title's smallest size.
  const authorSize = Math.max(
    18,
    Math.min(AUTHOR_SIZE, Math.floor((TITLE_WIDTH * 100) / Math.max(1, authorWidth))),
  );
  return {
    title: layoutTitle(words, titles),
    author: { text: author, size: authorSize },
  };
}

/** The cover's SVG: its category's drawing (or `styleName`'s), in the colours its title picks. */
export function coverSvg(
  book: { author: string; category: Category },
  text: CoverText,
  palette: CoverPalette,
  styleName: CoverStyle['name'] = styleOf(book.category),
): string {
  const style: CoverStyle = coverStyles[styleName];
  const { size, lines } = text.title;
  const lineHeight = Math.round(size * 1.3);
  const top = style.titleCentre - ((lines.length - 1) * lineHeight) / 2;
  const titleSvg = lines
    .map(
      (line, i) =>
        `<text x="256" y="${top + i * lineHeight}" font-size="${size}" font-weight="bold">${escapeHtml(line)}</text>`,
    )
    .join('');
  const authorY = top + (lines.length - 1) * lineHeight + style.authorGap;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" data-style="${style.name}">
  <rect width="100%" height="100%" fill="${palette.background}"/>
  ${style.ornaments({ palette, titleTop: top - size, authorBottom: authorY, author: book.author })}
  <g font-family="${SERIF}" fill="${palette.ink}" text-anchor="middle">${titleSvg}
    <text x="256" y="${authorY}" font-size="${text.author.size}" font-style="italic">${escapeHtml(text.author.text)}</text>
  </g>
  <text x="256" y="${style.wordmarkY}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="15" fill="${palette.ink}" text-anchor="middle" letter-spacing="5">LISONS</text>
</svg>`;
}

/**
 * A generated 512×768 cover (title, author; a drawing per category, colours by the title's
 * hash) as WebP and JPEG (quality 90), and its version: a hash of the JPEG, in its URL.
 */
export async function renderCover(book: { title: string; author: string; category: Category }) {
  const svg = coverSvg(book, await coverText(book), paletteOf(book));
  const image = sharp(Buffer.from(svg));
  const [webp, jpeg] = await Promise.all([
    image.clone().webp({ quality: 82 }).toBuffer(),
    image.clone().jpeg({ quality: 90, mozjpeg: true }).toBuffer(),
  ]);
  const version = createHash('sha256').update(jpeg).digest('hex').slice(0, 12);
  return { webp, jpeg, version, generator: COVER_GENERATOR };
}
