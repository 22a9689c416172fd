import { describe, expect, it } from 'vitest';
import { appPaths, isAppPath, redirects } from './screen-paths';

describe('isAppPath', () => {
  it.each(Object.values(appPaths))('knows the screen %s', (path) => {
    expect(isAppPath(path)).toBe(true);
  });

  it('ignores a trailing slash', () => {
    expect(isAppPath('/a-propos/')).toBe(true);
  });

  it.each([
    '/nulle-part',
    '/a-propos/equipe',
    '/legal',
    '/A-PROPOS',
    '/a-propos.html',
    '/followers/amis/0b7a4c6e-1111-4000-8000-000000000002',
    '/followers',
  ])('does not know %s', (path) => {
    expect(isAppPath(path)).toBe(false);
  });

  it('never redirects a screen to itself', () => {
    for (const [from, to] of Object.entries(redirects)) expect(from).not.toBe(to);
  });
});
