import http from 'node:http';
import { drillPublicUrl } from './drill-cluster';

/**
 * The drill's readers: each sends a paced mix of page reads, sign-ins and answers through
 * HAProxy, and every request is recorded with the drill step it was sent in. Answers the
 * server acknowledged (200, correct) are kept, to be checked against the database after.
 */

export type Outcome = {
  step: string;
  kind: 'read' | 'sign-in' | 'answer';
  /** The HTTP status, or 'error' (connection failed or cut) or 'timeout' (no answer in 10 s). */
  status: number | 'error' | 'timeout';
  ms: number;
  /** When it ended, in ms from the load's start. */
  at: number;
  /** The body's error code, when it had one. */
  code?: string;
};

export type Reader = { email: string; password: string; address: string; cookie: string };

export type Load = {
  outcomes: Outcome[];
  acknowledged: { email: string; segment: number }[];
  step: string;
  stop: () => Promise<void>;
};

const REQUEST_TIMEOUT_MS = 10_000;

export function startLoad(options: {
  baseUrl: string;
  readers: Reader[];
  bookId: string;
  bookSlugs: string[];
  /** Requests per second, all readers together. */
  rate: number;
}): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.readers.length });
  const origin = new URL(drillPublicUrl).origin;
  const started = performance.now();
  let running = true;
  const load: Load = {
    outcomes: [],
    acknowledged: [],
    step: 'warm-up',
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };

  const send = (
    reader: Reader,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<{ status: Outcome['status']; text: string; cookies: string[] }> =>
    new Promise((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        `${options.baseUrl}${url}`,
        {
          method,
          agent,
          headers: {
            cookie: reader.cookie,
            origin,
            'x-forwarded-for': reader.address,
            ...(payload
              ? {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }
              : {}),
          },
          timeout: REQUEST_TIMEOUT_MS,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              text,
              cookies: res.headers['set-cookie'] ?? [],
            }),
          );
          res.on('error', () => resolve({ status: 'error', text: '', cookies: [] }));
        },
      );
      req.on('timeout', () => {
        req.destroy();
        resolve({ status: 'timeout', text: '', cookies: [] });
      });
      req.on('error', () => resolve({ status: 'error', text: '', cookies: [] }));
      req.end(payload);
    });

  const errorCode = (text: string) => {
    try {
      return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      return undefined;
    }
  };

  const readerLoop = async (reader: Reader, index: number) => {
    const period = (options.readers.length * 1000) / options.rate;
    let segment = 1;
    let k = 0;
    // Deterministic mix: out of 40 actions, 1 sign-in (sign-in allows 10 per account and
    // address in 15 minutes, decision 012: a reader signing in more often is refused), and of
    // the rest, 2 page reads for 1 answer.
    const plan = ['r', 'a', 'r'];
    while (running) {
      const due = started + (index / options.readers.length + k) * period;
      k += 1;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (!running) return;
      const step = load.step;
      const action = (k + index) % 40 === 0 ? 's' : plan[(k + index) % plan.length];
      const begin = performance.now();
      let kind: Outcome['kind'];
      let result: Awaited<ReturnType<typeof send>>;
      if (action === 'a') {
        kind = 'answer';
        result = await send(
          reader,
          'POST',
          `/api/books/${options.bookId}/segments/${segment}/answer`,
          { answer: `mot${segment}` },
        );
        const code = errorCode(result.text);
        if (result.status === 200 && result.text.includes('"correct":true')) {
          load.acknowledged.push({ email: reader.email, segment });
          segment += 1;
        } else if (code === 'ALREADY_VALIDATED') {
          // Applied by a request whose answer was lost (a process killed after its commit).
          segment += 1;
        }
      } else if (action === 's') {
        kind = 'sign-in';
        result = await send(reader, 'POST', '/api/auth/sign-in', {
          email: reader.email,
          password: reader.password,
        });
        if (result.status === 200) reader.cookie = cookieHeader(result.cookies) || reader.cookie;
      } else {
        kind = 'read';
        const pick = (k + index) % 4;
        const slug = options.bookSlugs[(k * 7 + index) % options.bookSlugs.length] ?? '';
        const url =
          pick === 0
            ? `/api/books/${slug}`
            : pick === 1
              ? '/api/books'
              : pick === 2
                ? `/api/search?q=${encodeURIComponent(slug.split('-')[0] ?? 'le')}`
                : '/api/reading-list';
        result = await send(reader, 'GET', url);
      }
      const ended = performance.now();
      load.outcomes.push({
        step,
        kind,
        status: result.status,
        ms: ended - begin,
        at: ended - started,
        code:
          typeof result.status === 'number' && result.status >= 400
            ? errorCode(result.text)
            : undefined,
      });
    }
  };
  const loops = options.readers.map((reader, i) => readerLoop(reader, i));
  return load;
}

export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(';')[0]).join('; ');
}
