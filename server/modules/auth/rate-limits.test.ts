import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { createReader } from '../../test/factories';
import { authLimits } from './auth.limits';

const PROXY = '10.0.0.1';

// The botnet test signs in about fifty times (a password hash each): give a busy machine time.
describe('rate limits on sign-in and sign-up', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  // Behind one trusted proxy (TRUST_PROXY=1), as in production: the address it appends is
  // the client's, so a test can play many machines.
  const signIn = (
    email: string,
    ip: string,
    { password = 'faux-mdp', cookie }: { password?: string; cookie?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...origin, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      payload: { email, password },
      remoteAddress: PROXY,
    });

  /** The device cookie a sign-in response set, ready for a Cookie header ('' if none). */
  const deviceCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const device = res.cookies.find((c) => c.name === 'lisons.device');
    return device ? `${device.name}=${device.value}` : '';
  };

  it('ten wrong passwords from one address do not stop the owner signing in from another', async () => {
    const reader = await createReader(t.app, { email: 'gaston@exemple.fr', password: 'bonmdp1' });
    for (let i = 0; i < 10; i++) {
      expect((await signIn(reader.email, '10.2.0.1')).statusCode).toBe(401);
    }
    const owner = await signIn(reader.email, '10.2.0.2', { password: 'bonmdp1' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(reader.email);
  });

  it('stops one address guessing one account, even with the right password, and still limits it per address', async () => {
    const reader = await createReader(t.app, { email: 'hector@exemple.fr', password: 'bonmdp1' });
    const { limit } = authLimits.signInPerAccountAndIp;
    for (let i = 0; i < limit; i++) {
      expect((await signIn(reader.email, '10.3.0.1')).statusCode).toBe(401);
    }
    const blocked = await signIn(reader.email, '10.3.0.1', { password: 'bonmdp1' });
    expect(blocked.statusCode).toBe(429);
    const error = blocked.json().error;
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Trop de tentatives. Réessaie dans 15\u00a0min.',
    });
    expect(error.details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // The account itself is not locked: its owner, elsewhere, signs in.
    expect((await signIn(reader.email, '10.3.0.2', { password: 'bonmdp1' })).statusCode).toBe(200);
    // Other accounts from that address: the per-address limit, counting every attempt so far.
    for (let i = limit + 1; i < authLimits.signInPerIp.limit; i++) {
      expect((await signIn(`y${i}@exemple.fr`, '10.3.0.1')).statusCode).toBe(401);
    }
    expect((await signIn('autre@exemple.fr', '10.3.0.1')).statusCode).toBe(429);
  });

  it('slows a botnet guessing one account, but not the browser its owner signed in with', async () => {
    const reader = await createReader(t.app, { email: 'josette@exemple.fr', password: 'bonmdp1' });
    const other = await createReader(t.app, { email: 'irma@exemple.fr', password: 'autremdp1' });
    // The owner signed in with this browser before the attack; so did Irma with hers.
    const first = await signIn(reader.email, '10.5.0.1', { password: 'bonmdp1' });
    expect(first.statusCode).toBe(200);
    const ownerBrowser = deviceCookieOf(first);
    expect(first.cookies.find((c) => c.name === 'lisons.device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 365 * 24 * 60 * 60,
    });
    const irmaBrowser = deviceCookieOf(
      await signIn(other.email, '10.5.0.2', { password: 'autremdp1' }),
    );
    // Wrong passwords from ever new addresses, each far below its own limits: the owner's
    // sign-in above was the first attempt on the account in this window.
    const { limit } = authLimits.signInPerAccount;
    for (let i = 1; i < limit; i++) {
      const res = await signIn(reader.email, `10.6.${Math.floor(i / 200)}.${i % 200}`);
      expect(res.statusCode).toBe(401);
    }
    // A browser that never signed in to the account is refused, right password or not.
    const stranger = await signIn(reader.email, '10.7.0.1', { password: 'bonmdp1' });
    expect(stranger.statusCode).toBe(429);
    const refusal = stranger.json().error;
    const minutes = Math.ceil(refusal.details.retryAfterSeconds / 60);
    expect(refusal).toMatchObject({
      code: 'RATE_LIMITED',
      message: `Trop de tentatives. Réessaie dans ${minutes}\u00a0min.`,
    });
    // The account's hour-long window, not a 15-minute one: it began with the owner's sign-in.
    expect(refusal.details.retryAfterSeconds).toBeGreaterThan(45 * 60);
    // A forged cookie, a tampered one, or another account's does not help.
    const [nonce = '', signature = ''] = ownerBrowser.slice('lisons.device='.length).split('.');
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [
      'lisons.device=bm9uY2U.c2lnbmF0dXJl',
      `lisons.device=${nonce}.${tampered}`,
      irmaBrowser,
    ]) {
      const res = await signIn(reader.email, '10.7.0.2', { password: 'bonmdp1', cookie });
      expect(res.statusCode).toBe(429);
    }
    // The owner's browser, even from a new network, still signs in.
    expect(ownerBrowser).not.toBe('');
    const owner = await signIn(reader.email, '10.8.0.1', {
      password: 'bonmdp1',
      cookie: ownerBrowser,
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(reader.email);
  });

  it('stops one address trying many accounts', async () => {
    for (let i = 0; i < authLimits.signInPerIp.limit; i++) {
      expect((await signIn(`x${i}@exemple.fr`, '10.4.1.1')).statusCode).toBe(401);
    }
    expect((await signIn('autre@exemple.fr', '10.4.1.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await signIn('autre@exemple.fr', '10.4.1.2')).statusCode).toBe(401);
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
