import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Category } from '../../../domain/books.schemas';

export const COVER_WIDTH = 512;
export const COVER_HEIGHT = 768;

// One calm colour pair per category (background, ink), all with AA contrast.
const palette: Record<Category, { background: string; ink: string; accent: string }> = {
  litterature: { background: '#dbe9f4', ink: '#1d2a36', accent: '#2f5d80' },
  religion: { background: '#efe6d2', ink: '#2e2416', accent: '#8a5a1c' },
  essai: { background: '#e2ecdf', ink: '#1f2b1d', accent: '#3f6b37' },
  bio: { background: '#f1e0de', ink: '#35201d', accent: '#8c3b31' },
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Greedy line breaking for a serif face whose average glyph is about 0.6 em wide (bold):
 * the largest size from 30 down to 18 px (step 2) that fits in 440 px on at most 3 lines.
 */
export function layoutTitle(title: string): { size: number; lines: string[] } {
  for (let size = 30; size >= 18; size -= 2) {
    const perLine = Math.floor(440 / (size * 0.6));
    const lines = wrap(title, perLine);
    if (lines.length <= 3) return { size, lines };
  }
  const lines = wrap(title, Math.floor(440 / (18 * 0.6)));
  const kept = lines.slice(0, 3);
  kept[2] = `${(kept[2] ?? '').replace(/\s*\S*$/, '')}…`;
  return { size: 18, lines: kept };
}

// French typography: a no-break space keeps ': ; ! ?' with the word before them.
function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  const glued = text.replace(/ ([:;!?])/g, '\u00a0$1');
  for (const word of glued.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= perLine || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A generated 512×768 cover (title, author, category colours) as WebP and JPEG (quality 90). */
export async function renderCover(book: { title: string; author: string; category: Category }) {
  const colours = palette[book.category];
  const { size, lines } = layoutTitle(book.title);
  const lineHeight = Math.round(size * 1.3);
  const top = 330 - ((lines.length - 1) * lineHeight) / 2;
  const titleSvg = lines
    .map(
      (line, i) =>
        `<text x="256" y="${top + i * lineHeight}" font-size="${size}" font-weight="bold">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}">
  <rect width="100%" height="100%" fill="${colours.background}"/>
  <rect x="24" y="24" width="464" height="720" fill="none" stroke="${colours.accent}" stroke-width="3"/>
  <g font-family="DejaVu Serif, serif" fill="${colours.ink}" text-anchor="middle">${titleSvg}
    <text x="256" y="${top + lines.length * lineHeight + 40}" font-size="20" font-style="italic">${escapeXml(book.author)}</text>
  </g>
  <g transform="translate(256 660)" fill="none" stroke="${colours.accent}" stroke-width="3">
    <path d="M-34 -14 q17 -8 34 0 q17 -8 34 0 v30 q-17 -8 -34 0 q-17 -8 -34 0 z M0 -14 v30"/>
  </g>
  <text x="256" y="720" font-family="DejaVu Sans, sans-serif" font-size="14" fill="${colours.accent}" text-anchor="middle" letter-spacing="4">LISONS</text>
</svg>`;
  const image = sharp(Buffer.from(svg));
  const [webp, jpeg] = await Promise.all([
    image.clone().webp({ quality: 82 }).toBuffer(),
    image.clone().jpeg({ quality: 90, mozjpeg: true }).toBuffer(),
  ]);
  const version = createHash('sha256').update(jpeg).digest('hex').slice(0, 12);
  return { webp, jpeg, version };
}
