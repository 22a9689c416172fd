import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirects } from '../../domain/screen-paths';
import { buildTestApp, type TestApp } from '../test/app';

describe('serving the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(['/', '/landing', '/a-propos', '/presse/', '/legal/privacy', '/legal/terms'])(
    'answers the screen %s with the app shell and 200',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers an unknown page with the app shell and a true 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nulle-part/ici?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers a missing file with a JSON 404, not the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/absent-1234.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers a POST to a page path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/a-propos' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c4d.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('fixture');
  });

  it('makes other static files revalidate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/humans.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('compresses the shell for browsers that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('sends a content security policy limited to our own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // The shell's own inline script (the theme, inlined by the build) runs: it is allowed by
    // its hash, so no other inline script can.
    const inline = "document.documentElement.dataset.fixture = 'theme';";
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(String(res.body)).toContain(`<script>${inline}</script>`);
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${escapeRegExp(hash)}';`));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(Object.entries(redirects))('redirects %s to %s permanently', async (from, to) => {
    const res = await t.app.inject({ method: 'GET', url: from });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
