import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import type Sharp from 'sharp';

// Two packages loaded on first use rather than at start: sharp (libvips and its threads)
// and sanitize-html (its HTML parser and postcss) are about 40 MB resident together, which
// a process that never draws an image nor saves a post would carry for nothing (the
// memory targets of decision 024). Both are CommonJS, so the first call loads them in place.
const require = createRequire(import.meta.url);

function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}

const loadSharp = onFirstUse<typeof Sharp>('sharp');
const loadSanitizeHtml = onFirstUse<typeof SanitizeHtml>('sanitize-html');

/** sharp(input, options), the package loaded at the first call. */
export function sharp(...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  return loadSharp()(...args);
}

/** sanitize-html's sanitizeHtml(html, options), the package loaded at the first call. */
export function sanitizeHtml(...args: Parameters<typeof SanitizeHtml>): string {
  return loadSanitizeHtml()(...args);
}
