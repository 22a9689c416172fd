import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValue } from './session-reader';

/** The cookie that says "this browser signed in to this account before" (decision 012). */
export const DEVICE_COOKIE = 'lisons.device';

const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
// Accounts one browser is remembered for: a family's shared tablet, without a growing cookie.
const MAX_TOKENS = 5;
const TOKEN_SHAPE = /^[\w-]{22}\.[\w-]{43}$/;

/**
 * OWASP's device cookies: after a sign-in the browser holds, per account, a random nonce and
 * an HMAC (auth secret) over the normalised e-mail and that nonce. Nothing is stored on the
 * server; the cookie never shows the e-mail; another account's token proves nothing.
 */
export function createDeviceCookies({ secret, secure }: { secret: string; secure: boolean }) {
  const signature = (email: string, nonce: string) =>
    createHmac('sha256', secret).update(`lisons-device\0${email}\0${nonce}`).digest('base64url');

  const proves = (token: string, email: string): boolean => {
    if (!TOKEN_SHAPE.test(token)) return false;
    const [nonce = '', given = ''] = token.split('.');
    return timingSafeEqual(Buffer.from(given), Buffer.from(signature(email, nonce)));
  };

  const tokensOf = (cookieHeader: string | undefined): string[] =>
    (cookieValue(cookieHeader ?? '', DEVICE_COOKIE) ?? '').split('~').slice(0, MAX_TOKENS);

  return {
    /** Did this browser (its Cookie header) sign in to `email` before? */
    knows(cookieHeader: string | undefined, email: string): boolean {
      return tokensOf(cookieHeader).some((token) => proves(token, email));
    },

    /** The Set-Cookie after a sign-in to `email`: a fresh token first, the browser's other accounts kept. */
    issue(cookieHeader: string | undefined, email: string): string {
      const nonce = randomBytes(16).toString('base64url');
      const others = tokensOf(cookieHeader).filter(
        (token) => TOKEN_SHAPE.test(token) && !proves(token, email),
      );
      const value = [`${nonce}.${signature(email, nonce)}`, ...others]
        .slice(0, MAX_TOKENS)
        .join('~');
      const attributes = `Max-Age=${MAX_AGE_SECONDS}; Path=/api/auth/sign-in; HttpOnly; SameSite=Lax`;
      return `${DEVICE_COOKIE}=${value}; ${attributes}${secure ? '; Secure' : ''}`;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
