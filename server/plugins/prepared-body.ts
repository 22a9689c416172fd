import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bodies smaller than this go uncompressed, here and through the compression plugin. */
export const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A response body (JSON, or a page's HTML, CSS or XML) compressed at most once per encoding,
 * for answers that are cached and sent many times (catalogue reads, rendered pages, readers'
 * pages): compressing a search result on every request cost more CPU than the request itself.
 * The caller sets its content type.
 */
export type PreparedBody = {
  /** Its size in bytes, uncompressed. */
  readonly bytes: number;
  readonly text: string;
  encoded: (encoding: Encoding) => Buffer;
};

export function prepareJson(value: unknown): PreparedBody {
  return prepareText(JSON.stringify(value));
}

/**
 * Any text sent many times (a cached page's HTML), compressed at most once per encoding.
 * Once a compressed form exists the text itself is let go: caches hold thousands of these
 * (every signed-in reader's pages), browsers always take br, and the text (often two bytes
 * per character in V8) was most of their memory. A client that takes neither br nor gzip
 * gets the text decompressed again, each time.
 */
export function prepareText(text: string): PreparedBody {
  const bytes = Buffer.byteLength(text);
  // Never compressed (sent as text), so never let go.
  if (bytes < COMPRESS_FROM_BYTES) {
    let raw: Buffer | undefined;
    return {
      bytes,
      text,
      encoded: () => {
        raw ??= exact(Buffer.from(text));
        return raw;
      },
    };
  }
  let kept: string | undefined = text;
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  const fullText = (): string => {
    if (kept !== undefined) return kept;
    return (br ? zlib.brotliDecompressSync(br) : zlib.gunzipSync(gzip as Buffer)).toString();
  };
  return {
    bytes,
    get text() {
      return fullText();
    },
    encoded(encoding) {
      if (encoding === 'identity') return Buffer.from(fullText());
      if (encoding === 'br') {
        // Compressed once for many requests: a higher quality than the per-request 4.
        br ??= exact(
          zlib.brotliCompressSync(fullText(), {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
              // A window no larger than the text: the default (4 MB) made each compression
              // allocate megabytes.
              [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindow(bytes),
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
            },
            chunkSize: outputChunk(bytes),
          }),
        );
        kept = undefined;
        return br;
      }
      gzip ??= exact(zlib.gzipSync(fullText(), { level: 6, chunkSize: outputChunk(bytes) }));
      kept = undefined;
      return gzip;
    },
  };
}

/**
 * The output buffer zlib allocates for a compression: by default 64 kB (brotli) or 16 kB
 * (gzip) whatever the size of the text; a compressed text is smaller than half of it.
 */
const outputChunk = (bytes: number) => Math.max(1024, bytes >> 1);

/**
 * zlib's result is a view of its output chunk: kept in a cache, each compressed body of a few
 * hundred bytes held its whole chunk (64 kB for brotli). Copied into memory of its own size,
 * outside Node's shared pool: a copy under 4 kB would otherwise be a slice of an 8 kB pool
 * slab that short-lived buffers of every request share, and each body kept held its slab.
 */
function exact(compressed: Buffer): Buffer {
  if (compressed.byteLength === compressed.buffer.byteLength) return compressed;
  const own = Buffer.allocUnsafeSlow(compressed.byteLength);
  compressed.copy(own);
  return own;
}

/** log2 of the smallest brotli window (2^10 … 2^22 bytes, less 16) that holds `bytes`. */
export function brotliWindow(bytes: number): number {
  return Math.min(22, Math.max(10, Math.ceil(Math.log2(bytes + 16))));
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
    body.bytes < COMPRESS_FROM_BYTES
      ? 'identity'
      : preferredEncoding(request.headers['accept-encoding']);
  // A Content-Encoding already set tells the compression plugin to leave the body alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  // A text goes out in one write with the headers (Node joins two strings); bytes go beside
  // them in a second buffer, which cost a small answer about a fifth of its throughput.
  if (encoding === 'identity' && body.bytes < COMPRESS_FROM_BYTES) return reply.send(body.text);
  return reply.send(body.encoded(encoding));
}

/**
 * A value as the route's response schema serialises it for a 200 (only its documented
 * fields), as text to prepare once and send many times.
 */
export function serializedJson(reply: FastifyReply, value: unknown): string {
  const body = reply.serialize(value);
  if (typeof body === 'string') return body;
  return (Buffer.isBuffer(body) ? body : Buffer.from(body)).toString('utf8');
}
