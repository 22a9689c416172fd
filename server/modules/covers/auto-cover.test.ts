import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMeasureCache, drawAutoCover, drawingOf, groupDrawings } from './auto-cover';
import { measureTexts } from './cover-image';
import { contrastRatio } from './cover-palettes';

describe('automatic covers', () => {
  it('draws 512×768 JPEG (quality 90) and WebP, versioned by the JPEG', async () => {
    const cover = await drawAutoCover({
      title: 'Traité des Bénédictions',
      author: 'Tradition',
      category: 'religion',
      tags: ['Talmud'],
    });
    expect(await sharp(cover.jpeg).metadata()).toMatchObject({
      format: 'jpeg',
      width: 512,
      height: 768,
    });
    expect(await sharp(cover.webp).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 768,
    });
    expect(cover.jpeg.length).toBeGreaterThan(1000);
    expect(cover.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it('gives each religious group its drawing, the rest their category’s, colours by title', () => {
    const book = (tags: string[], title = 'Un titre') => ({
      title,
      author: 'A',
      category: 'religion' as const,
      tags,
    });
    expect(drawingOf(book(['Ancien Testament'])).style).toBe('arche');
    expect(drawingOf(book(['Nouveau Testament'])).style).toBe('classique');
    expect(drawingOf(book(['Talmud'])).style).toBe('moderne');
    expect(drawingOf(book(['roman'])).style).toBeUndefined();
    // The same title, the same colours; across titles, more than one.
    expect(drawingOf(book(['Talmud'], 'Berakhot'))).toEqual(
      drawingOf(book(['Talmud'], 'Berakhot')),
    );
    const colours = new Set(
      Array.from(
        { length: 30 },
        (_, i) => drawingOf(book(['Talmud'], `Traité ${i}`)).palette.background,
      ),
    );
    expect(colours.size).toBeGreaterThan(1);
  });

  it('keeps every text readable: ink on background at 4.5:1 at least (WCAG AA)', () => {
    for (const { palettes } of Object.values(groupDrawings)) {
      for (const palette of palettes) {
        expect(
          contrastRatio(palette.ink, palette.background),
          JSON.stringify(palette),
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('measures a word once per process, with the same widths as a fresh measure', async () => {
    const cached = createMeasureCache();
    const font = { weight: 'bold' as const, italic: false };
    const fresh = await measureTexts(['Candide', 'optimisme'], font);
    const first = await cached(['Candide', 'optimisme'], font);
    const again = await cached(['optimisme', 'Candide'], font);
    expect(first.widths.get('Candide')).toBe(fresh.widths.get('Candide'));
    expect(again.widths.get('optimisme')).toBe(fresh.widths.get('optimisme'));
    expect(again.space).toBe(fresh.space);
  });
});
