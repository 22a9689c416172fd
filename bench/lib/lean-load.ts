import net from 'node:net';
import { percentile } from './load';

/** One request of a load: its path (with the query) and headers. */
export type Target = { path: string; headers?: Record<string, string> };

export type LeanResult = {
  requests: number;
  seconds: number;
  /** Responses by status code. */
  statuses: Record<number, number>;
  /** Body bytes received per response, on average. */
  bodyBytes: number;
  p50: number;
  p99: number;
  errors: number;
};

const HEADER_END = Buffer.from('\r\n\r\n');
const READ_BUFFER = 256 * 1024;

/**
 * A closed-loop HTTP/1.1 load on keep-alive connections that counts bytes and never decodes
 * a body. autocannon appends every body to a string: for a compressed page that UTF-8
 * decoding took 84% of its CPU, and it, not the server, set the rate (bench/ssr.ts saw the
 * server 88% idle). Here a response costs the client a header parse and a byte count, read
 * into one reused buffer per connection, so the server is what saturates (its CPU time per
 * request gives the same ratio as the rates). Responses must carry Content-Length.
 */
export function leanLoad(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /**
   * Each request's path and headers instead of `url`'s (which then gives only the server):
   * called with the connection's index and its count of requests so far, e.g. to replay one
   * reader's requests per connection. Its requests are built once per distinct result.
   */
  next?: (connection: number, sent: number) => Target;
}): Promise<LeanResult> {
  const url = new URL(options.url);
  const built = new Map<string, Buffer>();
  const requestFor = ({ path, headers }: Target): Buffer => {
    const key = `${path}\n${JSON.stringify(headers ?? {})}`;
    let request = built.get(key);
    if (!request) {
      request = Buffer.from(
        [
          `GET ${path} HTTP/1.1`,
          `host: ${url.host}`,
          'connection: keep-alive',
          ...Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}`),
          '',
          '',
        ].join('\r\n'),
      );
      built.set(key, request);
    }
    return request;
  };
  const fixed = requestFor({ path: `${url.pathname}${url.search}`, headers: options.headers });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let bodyBytes = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const connection = (_: unknown, index: number) =>
    new Promise<void>((resolve) => {
      let sent = 0;
      // Every read lands in one buffer per connection (`onread`): no allocation, no event.
      const socket = net.connect({
        port: Number(url.port),
        host: url.hostname,
        onread: {
          buffer: Buffer.allocUnsafe(READ_BUFFER),
          callback: (n: number, buffer: Uint8Array) => {
            read(buffer, n);
            return true; // keep reading
          },
        },
      });
      socket.setNoDelay(true);
      let head: Buffer = Buffer.alloc(0); // a response's header bytes received so far
      let remaining = -1; // its body bytes still to come; -1: reading its headers
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= deadline) {
          socket.end();
          return;
        }
        const request = options.next ? requestFor(options.next(index, sent)) : fixed;
        sent += 1;
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      function read(buffer: Uint8Array, length: number) {
        const chunk = Buffer.from(buffer.buffer, buffer.byteOffset, length);
        let offset = 0;
        while (offset < chunk.length) {
          if (remaining < 0) {
            // Headers: copied until their end when a read splits them (the buffer is reused).
            const start = head.length;
            const bytes = start
              ? Buffer.concat([head, chunk.subarray(offset)])
              : chunk.subarray(offset);
            const end = bytes.indexOf(HEADER_END, Math.max(0, start - 3));
            if (end < 0) {
              head = Buffer.from(bytes);
              return;
            }
            head = bytes;
            const text = head.toString('latin1', 0, end);
            const status = Number(text.slice(9, 12));
            statuses[status] = (statuses[status] ?? 0) + 1;
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1];
            if (length === undefined) {
              errors += 1;
              socket.destroy();
              return;
            }
            remaining = Number(length);
            offset += end + HEADER_END.length - start;
            head = Buffer.alloc(0);
          }
          // Body: counted, never copied.
          const taken = Math.min(remaining, chunk.length - offset);
          remaining -= taken;
          offset += taken;
          bodyBytes += taken;
          if (remaining > 0) return;
          remaining = -1;
          latencies.push(performance.now() - sentAt);
          send();
        }
      }
      socket.on('error', () => {
        errors += 1;
      });
      socket.on('close', () => resolve());
    });

  return Promise.all(Array.from({ length: options.connections }, connection)).then(() => {
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      seconds,
      statuses,
      bodyBytes: latencies.length ? bodyBytes / latencies.length : 0,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors,
    };
  });
}
