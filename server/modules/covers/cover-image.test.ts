import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { categories } from '../../../domain/books.schemas';
import { readDemoCatalogue } from '../books/demo-catalogue';
import {
  COVER_HEIGHT,
  COVER_WIDTH,
  coverSvg,
  coverText,
  layoutTitle,
  type Measured,
  measureTexts,
  renderCover,
  titleWords,
} from './cover-image';
import { contrastRatio, coverPalettes, paletteOf } from './cover-palettes';
import { styleOf } from './cover-styles';

// docs/architecture.md#back-office: 512×768, title wrapped at 440 px, 30 down to 18 px by 2, at
// most 3 lines; a drawing per category, colours by the title's hash, every text AA.

/** Every letter 60 px wide at 100 px, a space 30: easy sums for the layout tests. */
const fixed = (words: string[]): Measured => ({
  widths: new Map(words.map((w) => [w, w.length * 60])),
  space: 30,
});

describe('cover palettes', () => {
  it.each(categories)('%s: several palettes, each text at least 4.5:1 (WCAG AA)', (category) => {
    const palettes = coverPalettes[category];
    expect(palettes.length).toBeGreaterThanOrEqual(4);
    for (const { background, ink } of palettes) {
      expect(contrastRatio(ink, background), `${ink} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(palettes.map((p) => p.background)).size).toBe(palettes.length);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('gives a title the same colours every time, and spreads titles over the palettes', () => {
    const book = { title: 'Madame Bovary', category: 'litterature' as const };
    expect(paletteOf(book)).toEqual(paletteOf({ ...book }));
    const used = new Set(
      Array.from({ length: 40 }, (_, i) => paletteOf({ ...book, title: `Livre ${i}` }).background),
    );
    expect(used.size).toBe(coverPalettes.litterature.length);
  });
});

describe('cover drawings', () => {
  it('draws each category its own way', async () => {
    const styles = categories.map(styleOf);
    expect(new Set(styles).size).toBe(categories.length);
    const text = {
      title: { size: 30, lines: ['Candide'] },
      author: { text: 'Voltaire', size: 24 },
    };
    const svgs = categories.map((category) =>
      coverSvg({ author: 'Voltaire', category }, text, coverPalettes.litterature[0] as never),
    );
    expect(new Set(svgs).size).toBe(categories.length);
    const pixels = await Promise.all(
      svgs.map((svg) => sharp(Buffer.from(svg)).resize(64).raw().toBuffer()),
    );
    expect(new Set(pixels.map((p) => p.toString('base64'))).size).toBe(categories.length);
  });

  it('renders 512×768 JPEG and WebP, the same title to the same version', async () => {
    const book = { title: 'Germinal', author: 'Émile Zola', category: 'litterature' as const };
    const [first, again, other] = await Promise.all([
      renderCover(book),
      renderCover({ ...book }),
      renderCover({ ...book, category: 'essai' }),
    ]);
    expect(await sharp(first.jpeg).metadata()).toMatchObject({
      format: 'jpeg',
      width: COVER_WIDTH,
      height: COVER_HEIGHT,
    });
    expect(await sharp(first.webp).metadata()).toMatchObject({ format: 'webp', width: 512 });
    expect(first.version).toMatch(/^[0-9a-f]{12}$/);
    expect(again.version).toBe(first.version);
    expect(other.version).not.toBe(first.version);
  });
});

describe('title layout', () => {
  it('keeps a short title at 30 px on one line', () => {
    expect(layoutTitle(['Carmen'], fixed(['Carmen']))).toEqual({ size: 30, lines: ['Carmen'] });
  });

  it('wraps at 440 px and steps the size down by 2 until 3 lines hold the title', () => {
    // 14 words of 300 px at 100 px, 30 between them: 4 a line (4 lines) at 30 and 28 px,
    // 5 a line (3 lines, 1 620 px at 100 px, so 421 px) at 26 px.
    const words = Array.from({ length: 14 }, (_, i) => `mot${String(i).padStart(2, '0')}`);
    const { size, lines } = layoutTitle(words, fixed(words));
    expect(size).toBe(26);
    expect(lines.map((line) => line.split(' ').length)).toEqual([5, 5, 4]);
  });

  it('ends a title too long for 3 lines at 18 px with an ellipsis', () => {
    const words = Array.from({ length: 40 }, () => 'philosophie');
    const { size, lines } = layoutTitle(words, fixed([...words, '…']));
    expect(size).toBe(18);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/philosophie…$/);
  });

  it('keeps French punctuation with its word and uses the typographic apostrophe', () => {
    expect(titleWords("Qu'est-ce qu'une nation ?")).toEqual([
      'Qu’est-ce',
      'qu’une',
      'nation\u00a0?',
    ]);
  });

  it('measures real widths, not an average letter', async () => {
    const measured = await measureTexts(['MMMMMM', 'illico'], { weight: 'bold', italic: false });
    const wide = measured.widths.get('MMMMMM') ?? 0;
    const narrow = measured.widths.get('illico') ?? 0;
    expect(narrow).toBeGreaterThan(150);
    expect(wide).toBeGreaterThan(narrow * 2);
    expect(measured.space).toBeGreaterThan(15);
  });
});

describe('the demo catalogue on its covers', () => {
  it('fits every title in 3 lines of at most 440 px, from 30 down to 18 px', async () => {
    for (const book of readDemoCatalogue().books) {
      const { title, author } = await coverText(book);
      expect(title.lines.length, book.title).toBeLessThanOrEqual(3);
      expect([30, 28, 26, 24, 22, 20, 18]).toContain(title.size);
      const measured = await measureTexts(title.lines, { weight: 'bold', italic: false });
      for (const line of title.lines) {
        expect(((measured.widths.get(line) ?? 0) * title.size) / 100, line).toBeLessThanOrEqual(
          442,
        );
      }
      expect(author.size).toBeGreaterThanOrEqual(18);
    }
  }, 60_000);
});
