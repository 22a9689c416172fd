import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { createReader } from '../../test/factories';
import { authLimits } from './auth.limits';

describe('rate limits on sign-in and sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, ip: string, password = 'faux-mdp') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: origin,
      payload: { email, password },
      remoteAddress: ip,
    });

  it('stops guessing one account from many addresses, even with the right password', async () => {
    const reader = await createReader(t.app, { email: 'gaston@exemple.fr', password: 'bonmdp1' });
    for (let i = 0; i < authLimits.signInPerAccount.limit; i++) {
      expect((await signIn(reader.email, `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await signIn(reader.email, '10.2.1.1', 'bonmdp1');
    expect(blocked.statusCode).toBe(429);
    const error = blocked.json().error;
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Trop de tentatives. Réessaie dans 15 min.',
    });
    expect(error.details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('stops one address trying many accounts', async () => {
    for (let i = 0; i < authLimits.signInPerIp.limit; i++) {
      expect((await signIn(`x${i}@exemple.fr`, '10.3.0.1')).statusCode).toBe(401);
    }
    expect((await signIn('autre@exemple.fr', '10.3.0.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await signIn('autre@exemple.fr', '10.3.0.2')).statusCode).toBe(401);
  });

  it('limits sign-ups per address', async () => {
    for (let i = 0; i < authLimits.signUpPerIp.limit; i++) {
      await createReader(t.app, { ip: '10.4.0.1' });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: origin,
      payload: { email: 'trop@exemple.fr', password: 'secret1' },
      remoteAddress: '10.4.0.1',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});
