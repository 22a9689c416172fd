import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutputInfo, Sharp } from 'sharp';
import { AppError } from '../errors';
import { sharp } from '../lazy-modules';

// One path for every picture a person sends (a reader's photo, a blog hero image, a book's
// cover): the upload read under a byte cap, the bytes decoded and checked by sharp whatever
// their declared type, re-encoded without metadata by the module, and served under
// content-hashed URLs cached for ever.

/** Decompression bombs: a 48 MP phone photo passes, a small file claiming more does not. */
export const IMAGE_MAX_PIXELS = 50_000_000;

// What the decoded bytes must be, whatever the browser called them. sharp names AVIF and
// HEIC 'heif'. SVG, TIFF and the rest are refused: a photo is never one of them.
const uploadFormats = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

/** Each module's French sentences for a refused image. */
export type ImageMessages = {
  notAnImage: string;
  tooLarge: string;
  unreadable: string;
  unsupportedFormat: string;
  tooManyPixels: string;
  /** When even the header cannot be read; `unreadable` when absent. */
  unreadableHeader?: string;
};

/** Declared types a browser sends a picture with, for the OpenAPI `consumes`. */
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];

/**
 * The upload routes of this scope take a picture's raw bytes (PUT, as a browser sends a File
 * with fetch), read under `maxBytes`: an image over it gets the module's sentence (413) and
 * nothing past the cap is kept in memory; a declared length over it is refused at once. Any
 * other declared type (a form, a PDF…) is not an image: 415. Register in a scope of its own.
 */
export function acceptImageUploads(
  scope: FastifyInstance,
  {
    maxBytes,
    messages,
  }: { maxBytes: number; messages: Pick<ImageMessages, 'tooLarge' | 'notAnImage'> },
): void {
  const read = async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
    if (Number(request.headers['content-length']) > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(bytes);
    }
    return Buffer.concat(chunks, size);
  };
  scope.addContentTypeParser(/^image\/[\w.+-]+/i, read);
  scope.addContentTypeParser('application/octet-stream', read);
  scope.addContentTypeParser('*', async () => {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.notAnImage);
  });
}

/** The bytes an upload route received; a JSON or text body (the app's parsers) is refused. */
export function uploadedBytes(body: unknown, messages: Pick<ImageMessages, 'notAnImage'>): Buffer {
  if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.notAnImage);
  return body;
}

/** A picture cropped to its frame: 8-bit sRGB pixels every variant is encoded from. */
export type ImageFrame = { data: Buffer; info: OutputInfo; pixels: () => Sharp };

/**
 * Checks a picture and crops it to `width` × `height`: decoded by sharp (never trusted by
 * its content type; the header first, so a too-large image gets its own message), turned
 * upright by its EXIF orientation, cropped around its most interesting part. The variants
 * the module encodes from these pixels carry no metadata (no EXIF, so no GPS position).
 * Throws a French AppError. `allowSvg` is for our own seed files only, never an upload.
 */
export async function decodeImage(
  input: Buffer,
  options: {
    maxBytes: number;
    width: number;
    height: number;
    messages: ImageMessages;
    /** A background for transparent pixels, flattened before the colour space. */
    flatten?: string;
    removeAlpha?: boolean;
    allowSvg?: boolean;
  },
): Promise<ImageFrame> {
  const m = options.messages;
  if (input.length > options.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', m.tooLarge);
  if (input.length === 0) throw new AppError('VALIDATION_ERROR', m.notAnImage);
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header only (no pixel is decoded).
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw new AppError('VALIDATION_ERROR', m.unreadableHeader ?? m.unreadable);
  }
  const accepted = format && (uploadFormats.has(format) || (options.allowSvg && format === 'svg'));
  if (!accepted) throw new AppError('VALIDATION_ERROR', m.unsupportedFormat);
  if (pixels > IMAGE_MAX_PIXELS) throw new AppError('VALIDATION_ERROR', m.tooManyPixels);

  let frame: { data: Buffer; info: OutputInfo };
  try {
    let image = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(options.width, options.height, { fit: 'cover', position: 'attention' });
    if (options.flatten) image = image.flatten({ background: options.flatten });
    image = image.toColourspace('srgb');
    if (options.removeAlpha) image = image.removeAlpha();
    frame = await image.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('VALIDATION_ERROR', m.unreadable);
  }
  const { width, height, channels } = frame.info;
  return { ...frame, pixels: () => sharp(frame.data, { raw: { width, height, channels } }) };
}

/**
 * Sends a stored picture under a content-hashed URL: a new picture gets a new URL, so
 * browsers keep each one for ever; `etag` answers a revalidation with 304.
 */
export function sendImmutableImage(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { etag: string; contentType: string; bytes: Uint8Array },
) {
  return sendImage(request, reply, file, 'public, max-age=31536000, immutable');
}

/**
 * Sends a picture with its cache policy: `sendImmutableImage` for a content-hashed URL, a
 * short max-age for a URL whose picture changes (the year in review); either way `etag`
 * answers a revalidation with 304 and the declared type is the only one a browser uses.
 */
export function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { etag: string; contentType: string; bytes: Uint8Array },
  cacheControl: string,
) {
  reply
    .header('cache-control', cacheControl)
    .header('etag', file.etag)
    .header('x-content-type-options', 'nosniff')
    .type(file.contentType);
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  return reply.send(Buffer.from(file.bytes));
}
