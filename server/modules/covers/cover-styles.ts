import { initials } from '../../../domain/accounts';
import type { Category } from '../../../domain/books.schemas';
import { escapeHtml } from '../../../domain/html';
import type { CoverPalette } from './cover-palettes';

/** What a drawing adds around the title and author, in the palette's accent (and ink). */
type Ornaments = (context: {
  palette: CoverPalette;
  /** Top of the title's first line, and baseline of the author: where ornaments may go. */
  titleTop: number;
  authorBottom: number;
  author: string;
}) => string;

export type CoverStyle = {
  name: 'classique' | 'arche' | 'moderne' | 'portrait';
  /** Middle of the title block, gap from its last line to the author, the wordmark's line. */
  titleCentre: number;
  authorGap: number;
  wordmarkY: number;
  ornaments: Ornaments;
};

/** A short rule with a lozenge in its middle, centred on the cover. */
const fleuron = (y: number, colour: string) =>
  `<g stroke="${colour}" stroke-width="2" fill="${colour}">
    <line x1="176" y1="${y}" x2="238" y2="${y}"/><line x1="274" y1="${y}" x2="336" y2="${y}"/>
    <path d="M256 ${y - 9} L265 ${y} L256 ${y + 9} L247 ${y} Z" stroke="none"/>
  </g>`;

/** An eight-pointed star of radius r, centred at (x, y). */
function star(x: number, y: number, r: number, colour: string): string {
  const points = Array.from({ length: 16 }, (_, i) => {
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.42;
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
}

/**
 * One drawing per category, so a shelf tells them apart at a glance: a double frame with
 * fleurons for literature, an arch and a star for religion, colour bands for essays, a
 * portrait medallion with the author's initials for lives. Titles stay 440 px wide inside.
 */
export const coverStyles: Record<CoverStyle['name'], CoverStyle> = {
  classique: {
    name: 'classique',
    titleCentre: 330,
    authorGap: 52,
    wordmarkY: 704,
    ornaments: ({ palette, titleTop, authorBottom }) => `
  <rect x="14" y="14" width="484" height="740" fill="none" stroke="${palette.accent}" stroke-width="3"/>
  <rect x="23" y="23" width="466" height="722" fill="none" stroke="${palette.accent}" stroke-width="1.5"/>
  ${fleuron(titleTop - 44, palette.accent)}
  ${fleuron(authorBottom + 48, palette.accent)}`,
  },
  arche: {
    name: 'arche',
    titleCentre: 410,
    authorGap: 52,
    wordmarkY: 716,
    ornaments: ({ palette, authorBottom }) => `
  <path d="M22 768 V262 A234 234 0 0 1 490 262 V768" fill="none" stroke="${palette.accent}" stroke-width="3"/>
  <path d="M32 768 V262 A224 224 0 0 1 480 262 V768" fill="none" stroke="${palette.accent}" stroke-width="1.5"/>
  ${star(256, 176, 34, palette.accent)}
  <line x1="206" y1="${authorBottom + 40}" x2="306" y2="${authorBottom + 40}" stroke="${palette.accent}" stroke-width="2"/>`,
  },
  moderne: {
    name: 'moderne',
    titleCentre: 350,
    authorGap: 52,
    wordmarkY: 690,
    ornaments: ({ palette, titleTop, authorBottom }) => `
  <rect x="0" y="0" width="512" height="104" fill="${palette.accent}"/>
  <line x1="0" y1="122" x2="512" y2="122" stroke="${palette.accent}" stroke-width="3"/>
  <rect x="216" y="${titleTop - 46}" width="80" height="8" fill="${palette.accent}"/>
  <line x1="156" y1="${authorBottom + 36}" x2="356" y2="${authorBottom + 36}" stroke="${palette.accent}" stroke-width="2"/>
  <rect x="0" y="718" width="512" height="50" fill="${palette.accent}"/>`,
  },
  portrait: {
    name: 'portrait',
    titleCentre: 452,
    authorGap: 50,
    wordmarkY: 718,
    ornaments: ({ palette, authorBottom, author }) => `
  <rect x="18" y="18" width="476" height="732" fill="none" stroke="${palette.accent}" stroke-width="1.5"/>
  <ellipse cx="256" cy="196" rx="96" ry="120" fill="none" stroke="${palette.accent}" stroke-width="4"/>
  <ellipse cx="256" cy="196" rx="85" ry="109" fill="none" stroke="${palette.accent}" stroke-width="1.5"/>
  <text x="256" y="220" font-family="DejaVu Serif, Liberation Serif, serif" font-size="66" fill="${palette.ink}" text-anchor="middle">${escapeHtml(initials(author))}</text>
  <line x1="206" y1="${authorBottom + 40}" x2="306" y2="${authorBottom + 40}" stroke="${palette.accent}" stroke-width="2"/>`,
  },
};

const styleByCategory: Record<Category, CoverStyle['name']> = {
  litterature: 'classique',
  religion: 'arche',
  essai: 'moderne',
  bio: 'portrait',
};

/** The drawing of a category's covers. */
export function styleOf(category: Category): CoverStyle['name'] {
  return styleByCategory[category];
}
