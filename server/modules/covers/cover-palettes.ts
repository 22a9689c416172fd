import { createHash } from 'node:crypto';
import type { Category } from '../../../domain/books.schemas';

/** A cover's colours: the page, the ink of every letter on it, and the ornaments' colour. */
export type CoverPalette = { background: string; ink: string; accent: string };

/**
 * Several cloth colours per category, dark and light, so a shelf of covers never repeats
 * one rectangle; every text is `ink` on `background`, at least 4.5:1 (WCAG AA for normal
 * text, checked by cover-image.test.ts), the accent only draws ornaments.
 */
export const coverPalettes: Record<Category, readonly CoverPalette[]> = {
  // Cloth-bound classics: navy, burgundy, bottle green, cream, pale blue.
  litterature: [
    { background: '#1f3a5f', ink: '#f6efdc', accent: '#d2ae62' },
    { background: '#6b1f2a', ink: '#f8efdf', accent: '#e0b96e' },
    { background: '#1e4a3a', ink: '#f3ecd8', accent: '#cdae66' },
    { background: '#efe6d2', ink: '#2a2118', accent: '#8a3b2b' },
    { background: '#dbe6ee', ink: '#1b2a38', accent: '#2f5d80' },
  ],
  // Lapis, parchment, terracotta, olive, lilac vellum.
  religion: [
    { background: '#233a6e', ink: '#f5efe0', accent: '#d8b45c' },
    { background: '#f1e7cf', ink: '#2e2416', accent: '#8a5a1c' },
    { background: '#7e3a22', ink: '#fbf1e3', accent: '#f0c27a' },
    { background: '#474f2e', ink: '#f3eedc', accent: '#d9c47a' },
    { background: '#ebe4ef', ink: '#2c2236', accent: '#6b4c8a' },
  ],
  // Bold modern essays: ochre, teal, off-white with red, charcoal, sage.
  essai: [
    { background: '#e2b33c', ink: '#1e1b16', accent: '#1e1b16' },
    { background: '#15585e', ink: '#f3f1ea', accent: '#f2b84b' },
    { background: '#f3f0e8', ink: '#1d1d1d', accent: '#c2412d' },
    { background: '#2b2d33', ink: '#f2efe8', accent: '#e07a5f' },
    { background: '#cfdccb', ink: '#1f2b1d', accent: '#3f6b37' },
  ],
  // Warm portraits: rose, plum, sand, navy, mint.
  bio: [
    { background: '#f1dcd7', ink: '#35201d', accent: '#8c3b31' },
    { background: '#4b2942', ink: '#f7ecf0', accent: '#e3b6c9' },
    { background: '#e9dcc3', ink: '#2f2519', accent: '#7a5230' },
    { background: '#22304a', ink: '#f1ede4', accent: '#e6b17e' },
    { background: '#d6e8e0', ink: '#16302a', accent: '#2e6b5a' },
  ],
};

/**
 * The palette of a book: its category's set, one colour picked by a hash of the title, so
 * the same title always gets the same cover and neighbours on a shelf seldom match.
 */
export function paletteOf(book: { title: string; category: Category }): CoverPalette {
  const set = coverPalettes[book.category];
  const hash = createHash('sha256').update(book.title.normalize('NFC')).digest();
  return set[hash.readUInt32BE(0) % set.length] as CoverPalette;
}

/** WCAG 2 contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
