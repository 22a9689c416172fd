import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { COMPRESS_FROM_BYTES } from './prepared-json';

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * The headers helmet would set, worked out once. Our headers never depend on the request
 * (no CSP nonces), and @fastify/helmet rebuilt them on every request: about a fifth of the
 * CPU of a small JSON answer (bench/load-catalogue.ts, healthz).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware runs synchronously with a request it does not read here.
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every reply carries. */
    securityHeaders: Record<string, string>;
  }
}

/**
 * Security headers and compression. Scripts, fonts, images and requests are limited to our
 * own origin. Styles also allow inline <style> elements because Radix (scroll lock) and
 * sonner inject them at run time; no inline script is ever allowed.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { production: boolean },
): Promise<void> {
  const headers = helmetHeaders({
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
  // Also sent by replies that no route or hook runs for (plugins/errors.ts routerErrorHandler).
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Static files are precompressed at build time; this covers JSON and the app shell.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
  });
}
