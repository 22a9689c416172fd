import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZES,
  type AvatarVariant,
  avatarContentType,
} from '../../../domain/avatars';
import { avatarMessages as m } from '../../../domain/messages/avatars';
import { decodeImage } from '../../plugins/image-upload';

export type AvatarFile = { variant: AvatarVariant; contentType: string; bytes: Buffer };

/** The four variants of a photo, and the hash its URLs carry. */
export type ProcessedAvatar = { hash: string; files: AvatarFile[] };

const encoders = {
  webp: (image: Sharp) => image.webp({ quality: 80 }),
  avif: (image: Sharp) => image.avif({ quality: 55 }),
};

/**
 * Checks and converts a reader's photo: decoded and cropped to a square by `decodeImage`,
 * resized to 96 and 256 px and encoded as WebP and AVIF, without metadata. Throws a French
 * AppError.
 * The hash mixes in the owner so two readers' identical photos are separate files.
 */
export async function processAvatar(input: Buffer, ownerId: string): Promise<ProcessedAvatar> {
  // Decoded and cropped once; every variant starts from these pixels.
  const largest = Math.max(...AVATAR_SIZES);
  const square = await decodeImage(input, {
    maxBytes: AVATAR_MAX_BYTES,
    width: largest,
    height: largest,
    messages: m,
  });

  const files = await Promise.all(
    AVATAR_SIZES.flatMap((size) =>
      (['avif', 'webp'] as const).map(async (format): Promise<AvatarFile> => {
        const resized = size === largest ? square.pixels() : square.pixels().resize(size, size);
        return {
          variant: `${size}.${format}`,
          contentType: avatarContentType[format],
          bytes: await encoders[format](resized).toBuffer(),
        };
      }),
    ),
  );
  const main = files.find((file) => file.variant === `${largest}.webp`)?.bytes ?? Buffer.alloc(0);
  const hash = createHash('sha256').update(ownerId).update(main).digest('hex').slice(0, 20);
  return { hash, files };
}
