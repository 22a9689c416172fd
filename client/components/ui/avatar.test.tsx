import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

afterEach(cleanup);

const url = '/avatars/0123456789abcdef0123-256.webp';
const sourcesOf = (container: HTMLElement) =>
  [...container.querySelectorAll('source')].map((s) => [s.type, s.getAttribute('srcset')]);

describe('Avatar', () => {
  it('shows the initials without a photo', () => {
    render(<Avatar name="Léa Martin" src={null} />);
    expect(screen.getByText('LM')).toBeTruthy();
  });

  it('shows the small photo as AVIF or WebP, decorative', () => {
    const { container } = render(<Avatar name="Léa Martin" src={url} />);
    expect(sourcesOf(container)).toEqual([
      ['image/avif', '/avatars/0123456789abcdef0123-96.avif'],
      ['image/webp', '/avatars/0123456789abcdef0123-96.webp'],
    ]);
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/avatars/0123456789abcdef0123-96.webp');
    expect(image.getAttribute('alt')).toBe('');
    expect(screen.queryByText('LM')).toBeNull();
  });

  it('uses the 256 px files for the large size', () => {
    const { container } = render(<Avatar name="Léa Martin" size="lg" src={url} />);
    expect(sourcesOf(container)).toEqual([
      ['image/avif', '/avatars/0123456789abcdef0123-256.avif'],
      ['image/webp', url],
    ]);
  });

  it('falls back to the initials when the photo fails to load', () => {
    const { container } = render(<Avatar name="Léa Martin" src={url} />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(screen.getByText('LM')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
});
