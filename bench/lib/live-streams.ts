import fs from 'node:fs';
import http from 'node:http';

// The live bench's client side: many GET /api/live streams from one process, each parsed
// incrementally as its chunks arrive, and what it reads of the server process from /proc.

/** Milliseconds on the same clock in the bench and in the jsonb it inserts (epoch, sub-ms). */
export const now = () => performance.timeOrigin + performance.now();

export type LiveFrame = { event: string; id: string | null; data: string };

/**
 * Opens one stream and resolves once its 'ready' frame came (or rejects on a non-200 answer,
 * an error, or no 'ready' within 30 s). `onFrame` gets every later frame with the time its
 * chunk arrived (before parsing: the parse's own cost is not counted against the server).
 */
export function openStream(options: {
  agent: http.Agent;
  url: string;
  cookie: string;
  onFrame: (frame: LiveFrame, at: number) => void;
  onEnd: () => void;
}): Promise<{ close: () => void }> {
  return new Promise((resolve, reject) => {
    let ready = false;
    const req = http.get(options.url, {
      agent: options.agent,
      headers: { cookie: options.cookie, accept: 'text/event-stream' },
    });
    const timer = setTimeout(() => req.destroy(new Error('no ready frame within 30 s')), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (!ready) reject(error);
    };
    req.on('error', fail);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () =>
          fail(new Error(`GET /api/live: ${res.statusCode} ${body.slice(0, 200)}`)),
        );
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let id: string | null = null;
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (!data) continue; // a heartbeat (comment) or the retry line
          if (event === 'ready' && !ready) {
            ready = true;
            clearTimeout(timer);
            resolve({ close: () => req.destroy() });
          } else options.onFrame({ event, id, data }, at);
        }
      });
      res.on('close', () => {
        fail(new Error('stream closed before its ready frame'));
        if (ready) options.onEnd();
      });
    });
  });
}

/** Runs `open` for each item, `concurrency` at a time; rejects on the first failure. */
export async function pooled<T>(items: T[], concurrency: number, open: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await open(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** One GET at a time on one keep-alive socket, each request's own time in ms, sorted. */
export async function alone(url: string, count: number, warmup: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  for (let i = 0; i < warmup; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await get();
    times.push(performance.now() - t);
  }
  agent.destroy();
  return times.sort((a, b) => a - b);
}

/** The server's resident memory in bytes (VmRSS). */
export function rss(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? Number.NaN) * 1024;
}

/** CPU time the process used so far (user + system), in ms (clock ticks are 10 ms here). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export type Heap = {
  loop: { p50: number; p99: number; max: number };
  pid: number;
  seq: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
};

/** Asks the server's probe (live-probe.ts) for a fresh reading, after a full GC. */
export async function probe(file: string, pid: number): Promise<Heap> {
  const before = (JSON.parse(fs.readFileSync(file, 'utf8')) as Heap).seq;
  process.kill(pid, 'SIGUSR2');
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 50));
    try {
      const read = JSON.parse(fs.readFileSync(file, 'utf8')) as Heap;
      if (read.seq > before) return read;
    } catch {
      // written just now: read again
    }
  }
  throw new Error('the server probe did not answer');
}
