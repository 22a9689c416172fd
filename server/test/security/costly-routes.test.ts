import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLimits } from '../../modules/rate-limits/route-limits';
import { buildTestApp, type TestApp } from '../app';
import { callAs } from '../call-as';
import { createBook, createReader, type Reader } from '../factories';
import { expectFrenchError } from './security-helpers';

// Routes that cost CPU: the year-review image (a render) and the import preview (a parse
// and a match of up to 1 MB). The image is rendered once per content; both are limited.
const TOKEN = 'jeton-des-mesures-de-ce-test-0123456789';
let t: TestApp;
let alice: Reader;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  await t.app.ready();
  alice = await createReader(t.app);
  await createBook(t.database.db, { title: 'Germinal', author: 'Émile Zola' });
});
afterAll(() => t.close());

/** Renders of review images so far in this process (misses of the 'review-image' cache). */
async function renders(): Promise<number> {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const line = /^lisons_cache_misses_total\{cache="review-image"\} (\d+)$/m.exec(res.body);
  return Number(line?.[1] ?? 0);
}

const image = (url: string, ip = '10.20.0.1') =>
  t.app.inject({ method: 'GET', url, remoteAddress: ip });

function expectRateLimited(res: Awaited<ReturnType<typeof image>>) {
  expectFrenchError(res, 429);
  expect(res.json().error.code).toBe('RATE_LIMITED');
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('the year-review image', () => {
  it('is rendered once for the same figures, then served from memory', async () => {
    const review = await callAs(t.app, alice).get('/api/me/reviews/2025');
    const { imageUrl } = review.json();
    const before = await renders();
    const first = await image(imageUrl);
    expect(first.statusCode).toBe(200);
    expect(await renders()).toBe(before + 1);
    const second = await image(imageUrl);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await renders()).toBe(before + 1);
  });

  it('answers the request over the limit with a French 429, per address', async () => {
    const review = await callAs(t.app, alice).get('/api/me/reviews/2024');
    const { imageUrl } = review.json();
    let served = 0;
    for (;;) {
      const res = await image(imageUrl, '10.20.0.2');
      if (res.statusCode !== 200) {
        expectRateLimited(res);
        break;
      }
      served += 1;
      expect(served).toBeLessThanOrEqual(120);
    }
    expect(served).toBe(120);
    expect((await image(imageUrl, '10.20.0.3')).statusCode).toBe(200);
  });
});

describe('the import preview', () => {
  it('answers the request over the limit with a French 429', async () => {
    const csv = [
      'Book Id,Title,Author,Author l-f,Exclusive Shelf,Date Read',
      '1,Germinal,Émile Zola,"Zola, Émile",to-read,',
    ].join('\r\n');
    const preview = () => callAs(t.app, alice).post('/api/me/imports/preview', { csv });
    for (let i = 0; i < writeLimits.costly.limit; i += 1) {
      const res = await preview();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().matched).toHaveLength(1);
    }
    expectRateLimited(await preview());
  });
});
