import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { authLimits } from './auth.limits';

// Behind a proxy the client writes the leftmost X-Forwarded-For entries itself; only what
// the trusted proxies appended may key the per-address limits.
// Each test signs in 32 times (a password hash each): give a busy machine time.
describe('sign-in rate limit behind a reverse proxy', { timeout: 120_000 }, () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const signIn = (app: TestApp['app'], i: number, forwardedFor: string, proxy: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...origin, 'x-forwarded-for': forwardedFor },
      payload: { email: `x${i}@exemple.fr`, password: 'faux-mdp' },
      remoteAddress: proxy,
    });

  it('with TRUST_PROXY=1, rotating forged addresses do not escape the limit', async () => {
    t = await buildTestApp({ TRUST_PROXY: '1' });
    for (let i = 0; i < authLimits.signInPerIp.limit; i++) {
      const res = await signIn(t.app, i, `203.0.113.${i}, 198.51.100.7`, '10.0.0.1');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(t.app, 99, '203.0.113.200, 198.51.100.7', '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    // Another reader behind the same proxy is not affected.
    expect((await signIn(t.app, 100, '198.51.100.8', '10.0.0.1')).statusCode).toBe(401);
  });

  it('with a list of proxies, X-Forwarded-For from anyone else is ignored', async () => {
    t = await buildTestApp({ TRUST_PROXY: '10.0.0.1' });
    for (let i = 0; i < authLimits.signInPerIp.limit; i++) {
      const res = await signIn(t.app, i, `203.0.113.${i}`, '192.0.2.50');
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn(t.app, 99, '203.0.113.201', '192.0.2.50')).statusCode).toBe(429);
    // Through the listed proxy, the address it appended counts.
    expect((await signIn(t.app, 100, '192.0.2.50, 198.51.100.9', '10.0.0.1')).statusCode).toBe(401);
  });
});
