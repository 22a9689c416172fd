import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../domain/messages/errors';
import { metricsMessages } from '../../domain/messages/metrics';
import { ConfigError, loadConfig } from '../config';
import { PASSWORD_RESET_JOB } from '../modules/auth/auth.jobs';
import { buildTestApp, origin, type TestApp } from '../test/app';
import { callAs } from '../test/call-as';
import { createBook, createQuestions, createReader } from '../test/factories';
import { openLive } from '../test/live';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

type Labels = Record<string, string>;
type Sample = { name: string; labels: Labels; value: number };

// Prometheus' text format 0.0.4: `# HELP`/`# TYPE` lines, and `name{label="value",…} number`.
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_]\w*="(?:[^"\\\n]|\\.)*",?)*)\})? (\S+)$/;

/** Every sample of a scrape; a line that is neither a comment nor a sample fails the test. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE.exec(line);
    expect(match, `not a Prometheus sample: ${line}`).not.toBeNull();
    const [, name = '', labelText = '', value = ''] = match ?? [];
    const labels = Object.fromEntries(
      [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    // A float; prom-client writes an empty summary's quantiles as `Nan` (the format's NaN).
    expect(value, line).toMatch(/^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?Inf|NaN)$/i);
    samples.push({ name, labels, value: Number(value) });
  }
  return samples;
}

/** The value of the sample with exactly these labels, or undefined when there is none. */
function sampleValue(samples: Sample[], name: string, labels: Labels = {}): number | undefined {
  const wanted = Object.entries(labels);
  return samples.find(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === wanted.length &&
      wanted.every(([k, v]) => s.labels[k] === v),
  )?.value;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 as any unknown path, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: errorMessages.notFound } });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'trace' },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return { res, samples: parse(res.body) };
  };

  it('refuses a missing, wrong or malformed token with 401 and a French message, never logged', async () => {
    const wrong = [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      'Bearer ',
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ];
    for (const authorization of wrong) {
      const res = await t.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({
        error: { code: 'AUTH_REQUIRED', message: metricsMessages.tokenRequired },
      });
      expect(res.body).not.toContain(TOKEN.slice(0, 20));
    }
    const right = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(lines.join('\n')).not.toContain(TOKEN.slice(0, 20));
  });

  it('answers in Prometheus’ text format, process memory and event loop included', async () => {
    const { res, samples } = await scrape();
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(sampleValue(samples, 'lisons_live_connections')).toBe(0);
    // The embedded engine has one connection and no pool.
    if (t.database.kind === 'pglite') {
      expect(samples.some((s) => s.name.startsWith('lisons_db_pool'))).toBe(false);
    } else {
      const open = ['in_use', 'idle'].map(
        (state) => sampleValue(samples, 'lisons_db_pool_connections', { pool: 'app', state }) ?? 0,
      );
      expect(open.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(sampleValue(samples, 'lisons_db_pool_waiting', { pool: 'app' })).toBe(0);
    }
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const book = await createBook(t.database.db, { totalPages: 60 });
    const route = { method: 'GET', route: '/api/books/:ref', status_class: '2xx' };
    const before =
      sampleValue((await scrape()).samples, 'lisons_http_request_duration_seconds_count', route) ??
      0;
    for (let i = 0; i < 2; i += 1) {
      expect((await t.app.inject({ url: `/api/books/${book.id}` })).statusCode).toBe(200);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: `/nulle-part/${book.id}`,
      headers: origin,
    });
    expect(missing.statusCode).toBe(404);

    const { res, samples } = await scrape();
    expect(sampleValue(samples, 'lisons_http_request_duration_seconds_count', route)).toBe(
      before + 2,
    );
    expect(
      sampleValue(samples, 'lisons_http_request_duration_seconds_count', {
        method: 'POST',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain(book.id);
    // Each label from a short list: patterns, not paths.
    const routes = new Set(
      samples.filter((s) => s.name.startsWith('lisons_http_')).map((s) => s.labels.route),
    );
    for (const r of routes) expect(r === 'unmatched' || r?.startsWith('/')).toBe(true);
  });

  it('counts cache hits and clears by cache', async () => {
    const hits = { cache: 'catalogue_books' };
    const clears = { cache: 'catalogue_books', scope: 'all' };
    const clearsNow = async () =>
      sampleValue((await scrape()).samples, 'lisons_cache_clears_total', clears) ?? 0;
    // A catalogue change (NOTIFY) clears the catalogue's caches in every process.
    const cleared = await clearsNow();
    const book = await createBook(t.database.db, { totalPages: 60 });
    await vi.waitFor(async () => expect(await clearsNow()).toBeGreaterThan(cleared), {
      timeout: 5_000,
      interval: 20,
    });
    // The second read is a hit (tried again if a late notification cleared the cache between).
    await vi.waitFor(
      async () => {
        await t.app.inject({ url: `/api/books/${book.id}` });
        const before = (await scrape()).samples;
        await t.app.inject({ url: `/api/books/${book.id}` });
        const after = (await scrape()).samples;
        expect(sampleValue(after, 'lisons_cache_hits_total', hits)).toBe(
          (sampleValue(before, 'lisons_cache_hits_total', hits) ?? 0) + 1,
        );
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('counts answers accepted and refused, by reason', async () => {
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db, { totalPages: 90 });
    await createQuestions(t.database.db, book);
    const answer = (segment: number, text: string) =>
      callAs(t.app, reader).post(`/api/books/${book.id}/segments/${segment}/answer`, {
        answer: text,
      });
    const wrong = { result: 'refused', reason: 'wrong' };
    const right = { result: 'accepted', reason: 'right' };
    const notNext = { result: 'refused', reason: 'segment_not_next' };
    const before = (await scrape()).samples;
    expect((await answer(1, 'faux')).json().correct).toBe(false);
    expect((await answer(1, 'mot1')).json().correct).toBe(true);
    expect((await answer(3, 'mot3')).statusCode).toBe(409);
    const after = (await scrape()).samples;
    for (const labels of [wrong, right, notNext]) {
      expect(sampleValue(after, 'lisons_answers_total', labels), JSON.stringify(labels)).toBe(
        (sampleValue(before, 'lisons_answers_total', labels) ?? 0) + 1,
      );
    }
  });

  it('shows the job queue’s depth by queue', async () => {
    const runAt = new Date(Date.now() + 3_600_000);
    const depth = async () =>
      sampleValue((await scrape()).samples, 'lisons_job_queue_jobs', {
        queue: PASSWORD_RESET_JOB,
        state: 'queued',
      }) ?? 0;
    const before = await depth();
    await t.jobs.enqueue(t.database.db, PASSWORD_RESET_JOB, { email: 'x@example.org' }, { runAt });
    expect(await depth()).toBe(before + 1);
  });

  it('shows the live streams open on this process', async () => {
    const reader = await createReader(t.app);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = async () => sampleValue((await scrape()).samples, 'lisons_live_connections');
    const tab = await openLive(base, reader.cookie);
    expect(tab.status).toBe(200);
    await vi.waitFor(async () => expect(await live()).toBe(1), { timeout: 5_000, interval: 20 });
    tab.close();
    await vi.waitFor(async () => expect(await live()).toBe(0), { timeout: 5_000, interval: 20 });
  });
});

describe('METRICS_TOKEN', () => {
  it('is refused when short or with spaces, its value never repeated', () => {
    for (const value of ['court', `${'a'.repeat(20)} ${'b'.repeat(20)}`]) {
      let error: unknown;
      try {
        loadConfig({ METRICS_TOKEN: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^Configuration invalide : METRICS_TOKEN doit/);
      expect((error as Error).message).not.toContain(value.slice(0, 5));
    }
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});
