import { describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  AVATAR_VARIANTS,
  avatarFileProblem,
  avatarFileUrl,
  avatarSources,
  parseAvatarFile,
} from './avatars';

const hash = '0123456789abcdef0123';

describe('avatar URLs', () => {
  it('names four variants, 96 and 256 px, each in AVIF and WebP', () => {
    expect(AVATAR_VARIANTS).toEqual(['96.avif', '96.webp', '256.avif', '256.webp']);
    expect(avatarFileUrl(hash, '256.webp')).toBe(`/avatars/${hash}-256.webp`);
    expect(avatarFileUrl(hash, '96.avif')).toBe(`/avatars/${hash}-96.avif`);
  });

  it('reads a file name back, and refuses anything else', () => {
    expect(parseAvatarFile(`${hash}-96.avif`)).toEqual({ hash, variant: '96.avif' });
    expect(parseAvatarFile(`${hash}-256.webp`)).toEqual({ hash, variant: '256.webp' });
    for (const name of [
      `${hash}-128.webp`,
      `${hash}-256.png`,
      `${hash.toUpperCase()}-256.webp`,
      `${hash}0-256.webp`,
      `../${hash}-256.webp`,
      'inconnu.jpg',
      '',
    ]) {
      expect(parseAvatarFile(name), name).toBeNull();
    }
  });

  it('derives every source from the stored 256 px WebP URL', () => {
    expect(avatarSources(`/avatars/${hash}-256.webp`)).toEqual({
      avif96: `/avatars/${hash}-96.avif`,
      webp96: `/avatars/${hash}-96.webp`,
      avif256: `/avatars/${hash}-256.avif`,
      webp256: `/avatars/${hash}-256.webp`,
    });
    expect(avatarSources(`/avatars/${hash}-96.webp`)).toBeNull();
    expect(avatarSources('https://exemple.fr/photo.jpg')).toBeNull();
  });
});

describe('a file chosen in the browser', () => {
  it('may be sent when it is an image of at most 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: 1 })).toBeNull();
  });

  it('is refused in the spec words when it is not an image, empty, or over 5 MB', () => {
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Veuillez sélectionner un fichier image',
    );
    expect(avatarFileProblem({ type: '', size: 10 })).toBe(
      'Veuillez sélectionner un fichier image',
    );
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe(
      'Veuillez sélectionner un fichier image',
    );
    expect(avatarFileProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe(
      "L'image doit faire moins de 5MB",
    );
  });
});
