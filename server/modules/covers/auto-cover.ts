import { createHash } from 'node:crypto';
import type { Category } from '../../../domain/books.schemas';
import { type CoverGroup, coverGroupOf } from '../../../domain/covers';
import { sharp } from '../../lazy-modules';
import { COVER_GENERATOR, coverSvg, coverText, type Measured, measureTexts } from './cover-image';
import { type CoverPalette, paletteOf } from './cover-palettes';
import type { CoverStyle } from './cover-styles';

/**
 * The religious groups of the auto-covers page get a drawing of their own (a
 * style per group, the colour from a hash of the title); 'autres' keeps its category's.
 * Every text is `ink` on `background` at 4.5:1 at least (auto-cover.test.ts).
 */
export const groupDrawings: Record<
  Exclude<CoverGroup, 'autres'>,
  { style: CoverStyle['name']; palettes: readonly CoverPalette[] }
> = {
  // An arch and a star, in desert colours: sand, terracotta, olive, night blue.
  'ancien-testament': {
    style: 'arche',
    palettes: [
      { background: '#efe2c4', ink: '#3a2a14', accent: '#9a5b1e' },
      { background: '#8a3f22', ink: '#fbf0e0', accent: '#f0c27a' },
      { background: '#4a5230', ink: '#f4efdc', accent: '#dcc87c' },
      { background: '#1f2d4f', ink: '#f3ecdc', accent: '#d9b45a' },
    ],
  },
  // A double frame with fleurons, in church colours: lapis, crimson, ivory, deep green.
  'nouveau-testament': {
    style: 'classique',
    palettes: [
      { background: '#22407a', ink: '#f6f0e2', accent: '#e0bf6a' },
      { background: '#7a1d2b', ink: '#faf0e2', accent: '#e6c075' },
      { background: '#f4eedf', ink: '#2a2118', accent: '#8b2a2a' },
      { background: '#1d4a3c', ink: '#f2ecd8', accent: '#d2b268' },
    ],
  },
  // Bands, in the colours of old folios: ink blue, ochre, slate, cream.
  talmud: {
    style: 'moderne',
    palettes: [
      { background: '#1b2b44', ink: '#f1ead8', accent: '#c99a3b' },
      { background: '#d9a441', ink: '#1f1a12', accent: '#3b2a12' },
      { background: '#3b4048', ink: '#f2eee6', accent: '#d08c4a' },
      { background: '#f2ebda', ink: '#231d14', accent: '#7b4a1c' },
    ],
  },
};

export type AutoCoverBook = { title: string; author: string; category: Category; tags: string[] };

/** The drawing and colours of a book's automatic cover. */
export function drawingOf(book: AutoCoverBook): {
  style?: CoverStyle['name'];
  palette: CoverPalette;
} {
  const group = coverGroupOf(book.tags);
  if (group === 'autres') return { palette: paletteOf(book) };
  const { style, palettes } = groupDrawings[group];
  const hash = createHash('sha256').update(book.title.normalize('NFC')).digest();
  return { style, palette: palettes[hash.readUInt32BE(0) % palettes.length] as CoverPalette };
}

/**
 * measureTexts with a memory: a batch draws hundreds of titles that share most words and
 * authors, so each word is measured once per process (about 40 ms saved per cover). Bounded:
 * past `max` entries the oldest go.
 */
export function createMeasureCache(max = 20_000): typeof measureTexts {
  const widths = new Map<string, number>();
  const spaces = new Map<string, number>();
  return async (texts, font) => {
    const prefix = `${font.weight}${font.italic ? 'i' : ''}\u0000`;
    const unknown = texts.filter((t) => !widths.has(prefix + t));
    if (unknown.length > 0 || !spaces.has(prefix)) {
      const measured = await measureTexts(unknown, font);
      for (const t of unknown) widths.set(prefix + t, measured.widths.get(t) ?? 0);
      spaces.set(prefix, measured.space);
      while (widths.size > max) widths.delete(widths.keys().next().value as string);
    }
    const result: Measured = {
      widths: new Map(texts.map((t) => [t, widths.get(prefix + t) ?? 0])),
      space: spaces.get(prefix) ?? 20,
    };
    return result;
  };
}

const sharedMeasure = createMeasureCache();

/**
 * An automatic cover (docs/architecture.md#back-office): 512×768, JPEG quality 90 and WebP, the
 * group's drawing. Encoded for speed (plain libjpeg, WebP effort 2): a batch draws hundreds; an
 * upload or the demo catalogue uses cover-image.ts's slower, smaller encodings.
 */
export async function drawAutoCover(book: AutoCoverBook, measure = sharedMeasure) {
  const { style, palette } = drawingOf(book);
  const svg = coverSvg(book, await coverText(book, measure), palette, style);
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: info });
  const [jpeg, webp] = await Promise.all([
    pixels().jpeg({ quality: 90 }).toBuffer(),
    pixels().webp({ quality: 82, effort: 2 }).toBuffer(),
  ]);
  const version = createHash('sha256').update(jpeg).digest('hex').slice(0, 12);
  return { jpeg, webp, version, generator: COVER_GENERATOR };
}
