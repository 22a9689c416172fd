import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aBlogImage, aBlogPost } from '../../../test/blog-fixtures';
import { BlogPostCard } from './blog-post-card';

afterEach(cleanup);

const post = aBlogPost({ image: aBlogImage });

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
