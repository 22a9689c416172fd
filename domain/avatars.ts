import { avatarMessages as m } from './messages/avatars';

/** The largest photo a reader may send: 5 MB, as for blog images. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The square sizes a photo is resized to: 96 px for lists and the header, 256 px for the profile. */
export const AVATAR_SIZES = [96, 256] as const;
export const AVATAR_FORMATS = ['avif', 'webp'] as const;

export type AvatarSize = (typeof AVATAR_SIZES)[number];
export type AvatarFormat = (typeof AVATAR_FORMATS)[number];
/** One stored file of a photo, e.g. '256.webp'. */
export type AvatarVariant = `${AvatarSize}.${AvatarFormat}`;

export const AVATAR_VARIANTS: readonly AvatarVariant[] = AVATAR_SIZES.flatMap((size) =>
  AVATAR_FORMATS.map((format) => `${size}.${format}` as const),
);

/** The content type of each format, as served. */
export const avatarContentType: Record<AvatarFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

// '/avatars/<hash>-<size>.<format>': the hash is of the photo's bytes, so a new photo is a
// new URL and every file can be cached for ever.
const fileName = /^([0-9a-f]{20})-(96|256)\.(avif|webp)$/;
const storedUrl = /^\/avatars\/([0-9a-f]{20})-256\.webp$/;

/** The public URL of one variant of a photo. */
export function avatarFileUrl(hash: string, variant: AvatarVariant): string {
  return `/avatars/${hash}-${variant}`;
}

/** The hash and variant a file name under /avatars/ names, or null when it names none. */
export function parseAvatarFile(file: string): { hash: string; variant: AvatarVariant } | null {
  const match = fileName.exec(file);
  if (!match) return null;
  return { hash: match[1] as string, variant: `${match[2]}.${match[3]}` as AvatarVariant };
}

export type AvatarSources = { avif96: string; webp96: string; avif256: string; webp256: string };

/**
 * Every variant of a reader's photo from its `avatarUrl` (which is always the 256 px WebP,
 * '/avatars/<hash>-256.webp'): the others replace '-256.webp'. Null for any other URL.
 */
export function avatarSources(url: string): AvatarSources | null {
  if (!storedUrl.test(url)) return null;
  const stem = url.slice(0, -'-256.webp'.length);
  return {
    avif96: `${stem}-96.avif`,
    webp96: `${stem}-96.webp`,
    avif256: `${stem}-256.avif`,
    webp256: url,
  };
}

/**
 * Why a chosen file cannot be sent as a photo (the browser's check before uploading; the
 * server decodes the bytes and decides), or null when it may be sent.
 */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return m.notAnImage;
  if (file.size > AVATAR_MAX_BYTES) return m.tooLarge;
  if (file.size === 0) return m.notAnImage;
  return null;
}
