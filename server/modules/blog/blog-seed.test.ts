import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths';
import { createTestDatabase } from '../../test/database';
import { blogPosts } from './blog.table';
import { plainText, renderBlogMarkdown } from './blog-html';
import { processBlogImage } from './blog-image';
import { loadBlogArticles, readBlogArticles } from './blog-seed';
import { prebuiltBlogImage, writeBlogSeedImages } from './blog-seed-images';

describe('the first articles (data/blog)', () => {
  const articles = readBlogArticles();

  it('are six or more, 600 to 1 200 words each, in French typography', () => {
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const a of articles) {
      const words = plainText(renderBlogMarkdown(a.markdown)).split(/\s+/).length;
      expect(words, a.slug).toBeGreaterThanOrEqual(600);
      expect(words, a.slug).toBeLessThanOrEqual(1200);
      for (const text of [a.title, a.excerpt, a.markdown]) {
        expect(text, a.slug).not.toMatch(/ [:;?!]|«(?!\u00a0)|(?<!\u00a0)»|"/);
      }
    }
  });

  it('are loaded once, with their images, and not again after being deleted', async () => {
    const database = await createTestDatabase();
    try {
      expect(await loadBlogArticles(database.db)).toBe(articles.length);
      await database.db.delete(blogPosts);
      expect(await loadBlogArticles(database.db)).toBe(0);
      const [left] = await database.db.select({ n: count() }).from(blogPosts);
      expect(left?.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('take the images the build converted: the bytes and the name a conversion gives', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-blog-images-'));
    try {
      const drawing = articles[0]?.image ?? '';
      const svg = fs.readFileSync(path.join(projectRoot, 'data', 'blog', drawing));
      await writeBlogSeedImages([svg], dir);
      const converted = await processBlogImage(svg, { allowSvg: true });
      expect(prebuiltBlogImage(svg, dir)).toEqual(converted);
      // Another drawing is not this one's.
      expect(prebuiltBlogImage(Buffer.concat([svg, Buffer.from(' ')]), dir)).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
