import type { BlogImage, BlogPostSummary } from '../../domain/blog.schemas';

/** A published post as the blog's list gives it, for component tests. */
export function aBlogPost(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    id: 'p1',
    slug: 'oser-les-classiques',
    title: 'Oser les classiques',
    excerpt: 'Un chapô.',
    author: 'Lisons',
    tags: ['classiques'],
    publishedAt: '2026-11-17T07:00:00.000Z',
    updatedAt: '2026-11-17T07:00:00.000Z',
    readingMinutes: 4,
    image: null,
    ...overrides,
  };
}

/** A hero image's variants as the server lists them. */
export const aBlogImage: BlogImage = {
  alt: 'Un livre ouvert',
  src: '/blog-images/a-800.jpeg',
  avif: '/blog-images/a-480.avif 480w, /blog-images/a-800.avif 800w',
  webp: '/blog-images/a-480.webp 480w, /blog-images/a-800.webp 800w',
  jpeg: '/blog-images/a-480.jpeg 480w, /blog-images/a-800.jpeg 800w',
  width: 800,
  height: 450,
};
