import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookCover } from './book-cover';

afterEach(cleanup);

describe('BookCover', () => {
  it('offers AVIF, WebP and JPEG at 256 and 512 px for a catalogue cover URL', () => {
    const { container } = render(
      <BookCover
        book={{
          title: 'Candide',
          coverUrl: '/covers/candide-voltaire.jpg?v=abcdef123456',
          coverWebpUrl: '/covers/candide-voltaire.webp?v=abcdef123456',
        }}
      />,
    );
    const sources = [...container.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(
      '/covers/candide-voltaire/abcdef123456-256.avif 256w, /covers/candide-voltaire/abcdef123456-512.avif 512w',
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/covers/candide-voltaire.jpg?v=abcdef123456');
    expect(img?.getAttribute('srcset')).toContain(
      '/covers/candide-voltaire/abcdef123456-256.jpg 256w',
    );
    expect(img?.getAttribute('width')).toBe('512');
    expect(img?.getAttribute('height')).toBe('768');
  });

  it('keeps a cover URL of another shape as it is (WebP and JPEG, no srcset)', () => {
    const { container } = render(
      <BookCover book={{ title: 'X', coverUrl: '/autre.jpg', coverWebpUrl: '/autre.webp' }} />,
    );
    expect([...container.querySelectorAll('source')].map((s) => s.getAttribute('srcset'))).toEqual([
      '/autre.webp',
    ]);
    expect(container.querySelector('img')?.hasAttribute('srcset')).toBe(false);
  });
});
