import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPostSummary } from '../../../../domain/blog.schemas';
import { BlogPostCard } from './blog-post-card';

afterEach(cleanup);

const post: BlogPostSummary = {
  id: 'p1',
  slug: 'oser-les-classiques',
  title: 'Oser les classiques',
  excerpt: 'Un chapô.',
  author: 'Lisons',
  tags: ['classiques'],
  publishedAt: '2026-11-17T07:00:00.000Z',
  updatedAt: '2026-11-17T07:00:00.000Z',
  readingMinutes: 4,
  image: {
    alt: 'Un livre ouvert',
    src: '/blog-images/a-800.jpeg',
    avif: '/blog-images/a-480.avif 480w, /blog-images/a-800.avif 800w',
    webp: '/blog-images/a-480.webp 480w, /blog-images/a-800.webp 800w',
    jpeg: '/blog-images/a-480.jpeg 480w, /blog-images/a-800.jpeg 800w',
    width: 800,
    height: 450,
  },
};

function image(priority?: boolean) {
  render(
    <MemoryRouter>
      <BlogPostCard post={post} priority={priority} />
    </MemoryRouter>,
  );
  return screen.getByRole('img', { name: 'Un livre ouvert' });
}

describe('a post card', () => {
  it("fetches the list's first image at once and first: it is the page's largest paint", () => {
    const img = image(true);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('leaves the other images until they near the screen', () => {
    const img = image();
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBe('auto');
  });
});
