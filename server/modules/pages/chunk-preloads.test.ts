import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkPreloads } from './chunk-preloads';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A client build directory holding `manifest` as Vite writes it. */
function clientDir(manifest?: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-preloads-'));
  dirs.push(dir);
  if (manifest) {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_jsx-runtime.js'] },
  '_jsx-runtime.js': { file: 'assets/jsx-runtime-b.js' },
  'routes/blog-post.tsx': {
    file: 'assets/blog-post-c.js',
    imports: ['_jsx-runtime.js', '_query.js'],
  },
  '_query.js': { file: 'assets/query-d.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-e.js', imports: ['_query.js'] },
};

describe('chunk preloads', () => {
  it("preloads a screen's chunk and all it imports, less what the entry already loads", () => {
    const preloads = chunkPreloads(clientDir(manifest));
    expect(preloads('routes/blog-post.tsx')).toEqual([
      '/assets/blog-post-c.js',
      '/assets/query-d.js',
      '/assets/shared-e.js',
    ]);
  });

  it('adds nothing for a page without a chunk, an unknown chunk, or a build without manifest', () => {
    const preloads = chunkPreloads(clientDir(manifest));
    expect(preloads(null)).toEqual([]);
    expect(preloads('routes/unknown.tsx')).toEqual([]);
    expect(chunkPreloads(clientDir())('routes/blog-post.tsx')).toEqual([]);
  });
});
