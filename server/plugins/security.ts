import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers and compression. Scripts, fonts, images and requests are limited to our
 * own origin. Styles also allow inline <style> elements because Radix (scroll lock) and
 * sonner inject them at run time; no inline script is ever allowed.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { production: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only makes sense behind TLS, which production always has (at the proxy).
    strictTransportSecurity: options.production ? { maxAge: 31_536_000 } : false,
  });
  // Static files are precompressed at build time; this covers JSON and the app shell.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
