import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, prepareJson } from './prepared-body';

describe('prepared JSON', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'gzip'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('answers Accept-Encoding %j with %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('compresses once per encoding and decodes to the same JSON', () => {
    const value = { items: Array.from({ length: 50 }, (_, i) => ({ title: `Livre ${i}` })) };
    const body = prepareJson(value);
    const br = body.encoded('br');
    expect(body.encoded('br')).toBe(br);
    expect(JSON.parse(brotliDecompressSync(br).toString())).toEqual(value);
    expect(JSON.parse(gunzipSync(body.encoded('gzip')).toString())).toEqual(value);
    expect(body.encoded('identity').toString()).toBe(JSON.stringify(value));
  });

  it('keeps each form in memory of its own size, not a slice of a shared chunk or pool slab', () => {
    const body = prepareJson({ items: Array.from({ length: 40 }, (_, i) => `livre-${i}`) });
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const bytes = body.encoded(encoding);
      expect(bytes.byteLength).toBeLessThan(4096);
      expect(bytes.buffer.byteLength, encoding).toBe(bytes.byteLength);
    }
  });

  it('lets the text go once compressed and gives it back, the same, to any encoding', () => {
    const value = {
      items: Array.from({ length: 80 }, (_, i) => ({ titre: `Œuvre n° ${i} — été` })),
    };
    const text = JSON.stringify(value);
    const body = prepareJson(value);
    const br = body.encoded('br');
    expect(body.text).toBe(text);
    expect(gunzipSync(body.encoded('gzip')).toString()).toBe(text);
    expect(body.encoded('identity').toString()).toBe(text);
    expect(body.encoded('br')).toBe(br);
    expect(body.bytes).toBe(Buffer.byteLength(text));
  });
});
