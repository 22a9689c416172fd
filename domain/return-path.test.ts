import { describe, expect, it } from 'vitest';
import { returnPathFrom, safeReturnPath, signInPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/books/candide-ou-l-optimisme-voltaire', '/books/candide-ou-l-optimisme-voltaire'],
    ['/books/carmen?segment=2', '/books/carmen?segment=2'],
    ['/profile#parametres', '/profile#parametres'],
    ['/home', '/home'],
    ['/a/../reading-list', '/reading-list'],
  ])('keeps the path of this site %s', (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/books/carmen',
    'https://evil.example',
    'http://evil.example/home',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/..//evil.example',
    'javascript:alert(1)',
    'data:text/html,<p>x</p>',
    'books/carmen',
    ' /home',
    '',
  ])('refuses another site or anything but a path: %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('never returns to /auth or /reset-password (no loop)', () => {
    expect(safeReturnPath('/auth')).toBeNull();
    expect(safeReturnPath('/auth/?next=/home')).toBeNull();
    expect(safeReturnPath('/reset-password?token=abc')).toBeNull();
  });

  it('refuses nothing at all and an absurdly long path', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2001)}`)).toBeNull();
  });
});

describe('signInPath', () => {
  it('carries the page the visitor is on, its query and hash', () => {
    expect(
      signInPath({ pathname: '/books/carmen', search: '?segment=2', hash: '#progression' }),
    ).toBe('/auth?next=%2Fbooks%2Fcarmen%3Fsegment%3D2%23progression');
    expect(signInPath({ pathname: '/reading-list' })).toBe('/auth?next=%2Freading-list');
  });

  it('is plain /auth from the landing page, and keeps its own next on /auth', () => {
    expect(signInPath({ pathname: '/' })).toBe('/auth');
    expect(signInPath({ pathname: '/landing' })).toBe('/auth');
    expect(signInPath({ pathname: '/auth', search: '?next=%2Fhome' })).toBe('/auth?next=%2Fhome');
    expect(signInPath({ pathname: '/reset-password', search: '?token=abc' })).toBe('/auth');
  });

  it('goes round trip through returnPathFrom', () => {
    const to = signInPath({ pathname: '/books/carmen', search: '?segment=2' });
    expect(returnPathFrom(to.slice(to.indexOf('?')), '/home')).toBe('/books/carmen?segment=2');
  });
});

describe('returnPathFrom', () => {
  it('follows a safe next, else the fallback', () => {
    expect(returnPathFrom('?next=%2Fbooks%2Fcarmen', '/home')).toBe('/books/carmen');
    expect(returnPathFrom('', '/home')).toBe('/home');
    expect(returnPathFrom('?next=%2F%2Fevil.example', '/home')).toBe('/home');
    expect(returnPathFrom('?next=https%3A%2F%2Fevil.example', '/home')).toBe('/home');
  });
});
