import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { COMPRESS_FROM_BYTES } from './prepared-body';

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
 * sonner inject them at run time. The only inline scripts allowed are the built index.html's
 * own, each by its hash (`inlineScripts`: the shell manifest's, which the build computes).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { production: boolean; inlineScripts?: string[] },
): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.inlineScripts ?? [])],
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
  // An answer to a request that carried a session or a personal API token may be the
  // reader's own (profile, list, notifications, chat): no shared cache keeps it, nor the
  // browser's disk. A route that set its own policy keeps it (public files, pages the same for
  // everyone, the live stream).
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    if (request.headers.cookie?.includes('session_token') || request.headers.authorization) {
      reply.header('cache-control', 'private, no-store');
    }
  });
  // Static files are precompressed at build time; this covers JSON and the app shell.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
  });
}
