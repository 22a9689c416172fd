import { coverUploadMessages } from './messages/covers';

/** The largest cover image an administrator may send: 5 MB, as for blog images. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

// The auto-covers limits (docs/architecture.md#back-office): 1 to 2000, 500 when empty; 10 books
// previewed, 10 failures listed, a lock stale after 90 s with a heartbeat every 20 s, 4 covers at
// once.
export const AUTO_COVER_LIMIT = { min: 1, max: 2000, default: 500 } as const;
export const AUTO_COVER_PREVIEW = 10;
export const AUTO_COVER_FAILURES = 10;
export const COVER_BATCH_STALE_MS = 90_000;
export const COVER_BATCH_HEARTBEAT_MS = 20_000;
export const COVER_BATCH_PARALLEL = 4;

/**
 * The auto-covers groups (docs/architecture.md#back-office). The spec does not say how a book is
 * classified: here by its tags, 'Ancien Testament', 'Nouveau Testament' or 'Talmud'; any other book
 * is 'autres'.
 */
export const COVER_GROUPS = ['ancien-testament', 'nouveau-testament', 'talmud', 'autres'] as const;
export type CoverGroup = (typeof COVER_GROUPS)[number];
export const COVER_GROUP_FILTERS = ['all', ...COVER_GROUPS] as const;
export type CoverGroupFilter = (typeof COVER_GROUP_FILTERS)[number];

/** The tag that puts a book in a group (the first group whose tag it has wins). */
export const coverGroupTags: Record<Exclude<CoverGroup, 'autres'>, string> = {
  'ancien-testament': 'Ancien Testament',
  'nouveau-testament': 'Nouveau Testament',
  talmud: 'Talmud',
};

/** A book's group, from its tags (case and accents as written in the catalogue). */
export function coverGroupOf(tags: readonly string[]): CoverGroup {
  for (const [group, tag] of Object.entries(coverGroupTags)) {
    if (tags.includes(tag)) return group as CoverGroup;
  }
  return 'autres';
}

// A cover's files: '/covers/<slug>/<version>-<width>.<format>', the version being a hash of
// the cover, so each URL can be cached for ever.
export const COVER_WIDTHS = [256, 512] as const;
export const COVER_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];
export type CoverFormat = (typeof COVER_FORMATS)[number];
export type CoverVariant = `${CoverWidth}.${CoverFormat}`;
export const COVER_VARIANTS: readonly CoverVariant[] = COVER_WIDTHS.flatMap((w) =>
  COVER_FORMATS.map((f) => `${w}.${f}` as const),
);
export const coverContentType: Record<CoverFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

const variantFile = /^([0-9a-zA-Z_-]{6,64})-(256|512)\.(avif|webp|jpg)$/;

/** The version and variant a file name under /covers/<slug>/ names, or null. */
export function parseCoverFile(file: string): { version: string; variant: CoverVariant } | null {
  const match = variantFile.exec(file);
  if (!match) return null;
  return { version: match[1] as string, variant: `${match[2]}.${match[3]}` as CoverVariant };
}

// A card's cover URL, as the catalogue gives it: '/covers/<slug>.jpg?v=<version>'.
const cardUrl = /^\/covers\/([a-z0-9-]{1,200})\.jpg\?v=([0-9a-zA-Z_-]{6,64})$/;

/** srcset values per format (256 and 512 px wide), or null for a URL of another shape. */
export function coverSrcSets(coverUrl: string | null): Record<CoverFormat, string> | null {
  const match = coverUrl ? cardUrl.exec(coverUrl) : null;
  if (!match) return null;
  const base = `/covers/${match[1]}/${match[2]}`;
  const set = (format: CoverFormat) =>
    COVER_WIDTHS.map((w) => `${base}-${w}.${format} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp'), jpg: set('jpg') };
}

/** Why a chosen file cannot be a cover, checked before sending (the server checks again). */
export function coverFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/') || file.size === 0) return coverUploadMessages.notAnImage;
  if (file.size > COVER_MAX_BYTES) return coverUploadMessages.tooLarge;
  return null;
}
