import { appPaths } from './screen-paths';

// Signing in brings the reader back to the page they were on (docs/architecture.md#accounts):
// /auth carries that page in its `next` parameter. The parameter comes from the address bar,
// so anyone can write it: only a path of this site is followed, never another site.

/** The query parameter of /auth naming the page to go back to. */
export const returnParam = 'next';

// A base no real address shares: a path resolved against it must stay on it.
const probeOrigin = 'https://lisons.invalid';

const notReturnedTo: ReadonlySet<string> = new Set([appPaths.auth, appPaths.resetPassword]);
const landings: ReadonlySet<string> = new Set([appPaths.landing, appPaths.landingAlias]);

/**
 * The page to go back to after signing in, or null: a path of this site
 * ('/books/candide?segment=2'), never another site ('//evil.example', 'https://evil.example',
 * '/\evil.example'), nor /auth and /reset-password themselves.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read '\' as '/' and drop tabs and line breaks: '/\t/evil' would be '//evil'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, probeOrigin);
  } catch {
    return null;
  }
  // '/..//evil.example' resolves to the path '//evil.example', which a browser reads as a host.
  if (url.origin !== probeOrigin || url.pathname.startsWith('//')) return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (notReturnedTo.has(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a 'Se connecter' link or a protected screen sends a visitor: /auth, with the page they
 * are on to come back to. From the landing page, plain /auth (the reader then goes to /home);
 * from /auth itself, the same /auth with its own `next`.
 */
export function signInPath(from: { pathname: string; search?: string; hash?: string }): string {
  const search = from.search ?? '';
  if (from.pathname === appPaths.auth) return `${appPaths.auth}${search}`;
  if (landings.has(from.pathname)) return appPaths.auth;
  const back = safeReturnPath(`${from.pathname}${search}${from.hash ?? ''}`);
  return back ? `${appPaths.auth}?${new URLSearchParams({ [returnParam]: back })}` : appPaths.auth;
}

/** The page to go to once signed in: /auth's `next` when it is safe, else `fallback`. */
export function returnPathFrom(search: string, fallback: string): string {
  return safeReturnPath(new URLSearchParams(search).get(returnParam)) ?? fallback;
}
