import { describe, expect, it } from 'vitest';
import { createDeviceCookies, DEVICE_COOKIE } from './device-cookie';

/** The `name=value` a browser sends back for a Set-Cookie line. */
const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('device cookies', () => {
  const cookies = createDeviceCookies({ secret: 'secret-de-test', secure: false });

  it('proves an earlier sign-in to that account only, with this secret only', () => {
    const browser = sentBack(cookies.issue(undefined, 'ada@exemple.fr'));
    expect(cookies.knows(browser, 'ada@exemple.fr')).toBe(true);
    expect(cookies.knows(`autre=1; ${browser}`, 'ada@exemple.fr')).toBe(true);
    expect(cookies.knows(browser, 'bob@exemple.fr')).toBe(false);
    expect(cookies.knows(undefined, 'ada@exemple.fr')).toBe(false);
    const otherServer = createDeviceCookies({ secret: 'un-autre-secret', secure: false });
    expect(otherServer.knows(browser, 'ada@exemple.fr')).toBe(false);
    // The cookie does not show the e-mail.
    expect(browser).not.toContain('ada');
  });

  it('remembers the last five accounts of a shared browser, one token each', () => {
    let browser = '';
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'b']) {
      browser = sentBack(cookies.issue(browser, `${name}@exemple.fr`));
    }
    expect(browser.slice(`${DEVICE_COOKIE}=`.length).split('~')).toHaveLength(5);
    for (const name of ['b', 'f', 'e', 'd', 'c']) {
      expect(cookies.knows(browser, `${name}@exemple.fr`)).toBe(true);
    }
    expect(cookies.knows(browser, 'a@exemple.fr')).toBe(false);
  });

  it('is HttpOnly, SameSite=Lax, long-lived, and Secure over https', () => {
    const plain = cookies.issue(undefined, 'ada@exemple.fr');
    expect(plain).toMatch(/; HttpOnly; SameSite=Lax/);
    expect(plain).toMatch(/Max-Age=31536000/);
    expect(plain).not.toMatch(/Secure/);
    const https = createDeviceCookies({ secret: 'secret-de-test', secure: true });
    expect(https.issue(undefined, 'ada@exemple.fr')).toMatch(/; Secure$/);
  });
});
