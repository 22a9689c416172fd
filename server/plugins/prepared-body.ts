import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bodies smaller than this go uncompressed, here and through the compression plugin. */
export const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A response body (JSON, or a page's HTML, CSS or XML) held as text and compressed at most
 * once per encoding, for answers that are cached and sent many times (catalogue reads,
 * rendered pages): compressing a search result on every request cost more CPU than the
 * request itself. The caller sets its content type.
 */
export type PreparedBody = {
  readonly text: string;
  encoded: (encoding: Encoding) => Buffer | string;
};

export function prepareJson(value: unknown): PreparedBody {
  return prepareText(JSON.stringify(value));
}

/** Any text sent many times (a cached page's HTML), compressed at most once per encoding. */
export function prepareText(text: string): PreparedBody {
  // The bytes too: encoding a page of tens of kilobytes on every request showed in its
  // throughput (bench/ssr.ts).
  let raw: Buffer | undefined;
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    text,
    encoded(encoding) {
      if (encoding === 'br') {
        // Compressed once for many requests: a higher quality than the per-request 4.
        br ??= zlib.brotliCompressSync(text, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
          },
        });
        return br;
      }
      if (encoding === 'gzip') {
        gzip ??= zlib.gzipSync(text, { level: 6 });
        return gzip;
      }
      raw ??= Buffer.from(text);
      return raw;
    },
  };
}

/** The encoding to answer with: br, else gzip, when the client accepts it (q > 0). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Sends a JSON text as is: Fastify runs no serializer on a string, so a route whose
 * response schema documents an object can still answer with text it put together itself.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Sends a prepared JSON body in the best encoding the client accepts. */
export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  return sendPrepared(request, reply, body);
}

/** Sends a prepared body (its type set by the caller) in the best encoding the client accepts. */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const encoding =
    body.text.length < COMPRESS_FROM_BYTES
      ? 'identity'
      : preferredEncoding(request.headers['accept-encoding']);
  // A Content-Encoding already set tells the compression plugin to leave the body alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body.encoded(encoding));
}
