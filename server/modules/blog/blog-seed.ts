import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { projectRoot } from '../../paths';
import { claimSetting, readSetting } from '../settings';
import { notifyBlogChanged } from './blog.repository';
import { blogImages, blogPosts } from './blog.table';
import { renderPost } from './blog-html';
import type { ProcessedBlogImage } from './blog-image';
import { seedBlogImage } from './blog-seed-images';

// The blog's first articles (data/blog/*.md, with their own SVG drawings), loaded once so
// the blog lives from the first start; afterwards they are ordinary posts the back office
// edits or deletes (a marker setting keeps them from coming back).
const SEEDED = 'blog_seeded';

const frontMatter = z.object({
  title: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  excerpt: z.string().min(1),
  tags: z.string().transform((s) =>
    s
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
  image: z.string().regex(/^[\w-]+\.svg$/),
  imageAlt: z.string().min(1),
  publishedAt: z.iso.datetime(),
});

export type SeedArticle = z.output<typeof frontMatter> & { markdown: string };

/** Reads and checks data/blog: a header of `key: value` lines between ---, then Markdown. */
export function readBlogArticles(dir = path.join(projectRoot, 'data', 'blog')): SeedArticle[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`data/blog/${file}: header missing`);
      const fields = Object.fromEntries(
        (match[1] ?? '').split('\n').map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
        }),
      );
      return { ...frontMatter.parse(fields), markdown: (match[2] ?? '').trim() };
    });
}

/**
 * Loads the articles on the first start (and only then), in one transaction with the marker,
 * so two processes starting together load them once. Returns how many were added.
 */
export async function loadBlogArticles(
  db: Db,
  {
    dir = path.join(projectRoot, 'data', 'blog'),
    imagesDir,
  }: {
    dir?: string /** The build's converted images (blog-seed-images.ts). */;
    imagesDir?: string;
  } = {},
) {
  if ((await readSetting(db, SEEDED)) !== null) return 0;
  const articles = readBlogArticles(dir);
  const images = new Map<string, ProcessedBlogImage>();
  for (const article of articles) {
    const svg = fs.readFileSync(path.join(dir, article.image));
    images.set(article.image, await seedBlogImage(svg, imagesDir));
  }
  return db.transaction(async (tx) => {
    if (!(await claimSetting(tx, SEEDED, new Date().toISOString()))) return 0;
    for (const image of images.values()) {
      await tx
        .insert(blogImages)
        .values(image.files.map((f) => ({ hash: image.hash, ...f })))
        .onConflictDoNothing();
    }
    const rows = await tx
      .insert(blogPosts)
      .values(
        articles.map((a) => ({
          slug: a.slug,
          title: a.title,
          excerpt: a.excerpt,
          markdown: a.markdown,
          ...renderPost(a.markdown),
          tags: a.tags,
          published: true,
          publishedAt: new Date(a.publishedAt),
          imageHash: images.get(a.image)?.hash ?? null,
          imageAlt: a.imageAlt,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: blogPosts.id });
    await notifyBlogChanged(tx);
    return rows.length;
  });
}
