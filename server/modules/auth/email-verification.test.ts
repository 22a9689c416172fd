import { createEmailVerificationToken } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { createReader, type Reader } from '../../test/factories';
import { startSmtpCapture } from '../../test/smtp';

// Proving the mailbox through a real SMTP server: ADMIN_EMAILS rights only once proven
// (never at sign-up: the first to sign up with a listed address is nobody until then).
const SECRET = 'un-secret-de-test-assez-long-pour-les-liens-de-confirmation';
const ADMIN = 'cheffe@lisons.app';

describe('e-mail verification', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let squatter: Reader;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ SMTP_URL: smtp.url, AUTH_SECRET: SECRET, ADMIN_EMAILS: ADMIN });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The newest mail to `to`, once the server has it. */
  const mailTo = async (to: string, count = 1) =>
    vi.waitFor(
      () => {
        const mails = smtp.mails.filter((mail) => mail.to.includes(to));
        expect(mails).toHaveLength(count);
        return mails.at(-1) as (typeof mails)[number];
      },
      { timeout: 20_000, interval: 25 },
    );
  const linkOf = (text: string) => {
    const link = /http:\/\/localhost:3000\/verify-email\?token=\S+/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    const url = new URL(link as string);
    return `${url.pathname}${url.search}`;
  };
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()
      .user;
  const status = async (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/email-verification', headers: { cookie } });
  const resend = (cookie: string, ip = '10.44.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/email-verification',
      headers: { ...origin, cookie },
      remoteAddress: ip,
    });

  it('mails a French confirmation link at sign-up; a listed address is not an administrator yet', async () => {
    squatter = await createReader(t.app, { email: ADMIN });
    expect((await me(squatter.cookie)).isAdmin).toBe(false);
    const mail = await mailTo(ADMIN);
    expect(mail.subject).toBe('Confirme ton adresse e-mail Lisons');
    expect(mail.text).toContain('Pour confirmer que cette adresse est bien la tienne');
    linkOf(mail.text);
    const res = await status(squatter.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verified: false });
  });

  it('the link confirms the address on a French page, and ADMIN_EMAILS then makes them an administrator', async () => {
    const mail = await mailTo(ADMIN);
    const res = await t.app.inject({ method: 'GET', url: linkOf(mail.text) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Ton adresse e-mail est confirmée. Merci\u00a0!');
    expect((await status(squatter.cookie)).json()).toEqual({ verified: true });
    expect((await me(squatter.cookie)).isAdmin).toBe(true);
  });

  it('confirming an address that is not listed grants nothing', async () => {
    const reader = await createReader(t.app, { email: 'lea@exemple.fr' });
    const mail = await mailTo('lea@exemple.fr');
    expect((await t.app.inject({ method: 'GET', url: linkOf(mail.text) })).statusCode).toBe(200);
    expect(await me(reader.cookie)).toMatchObject({ isAdmin: false });
    expect((await status(reader.cookie)).json()).toEqual({ verified: true });
  });

  it('refuses a damaged or expired link with a French page, and confirms nothing', async () => {
    const reader = await createReader(t.app, { email: 'marc@exemple.fr' });
    const link = linkOf((await mailTo('marc@exemple.fr')).text);
    const damaged = await t.app.inject({ method: 'GET', url: `${link.slice(0, -3)}abc` });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.body).toContain('Ce lien de confirmation n’est pas valable.');
    const missing = await t.app.inject({ method: 'GET', url: '/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Ce lien de confirmation n’est pas valable.');

    // Signed with our secret, for this reader, but a day and a minute old.
    const expired = await createEmailVerificationToken(SECRET, 'marc@exemple.fr', undefined, -60, {
      userId: reader.id,
    });
    const late = await t.app.inject({
      method: 'GET',
      url: `/verify-email?token=${encodeURIComponent(expired)}`,
    });
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('Ce lien de confirmation a expiré.');
    expect((await status(reader.cookie)).json()).toEqual({ verified: false });
  });

  it('resends the mail from Paramètres, a few times an hour, in French', async () => {
    const reader = await createReader(t.app, { email: 'nina@exemple.fr' });
    await mailTo('nina@exemple.fr');
    for (let n = 2; n <= 4; n++) {
      const res = await resend(reader.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'E-mail de confirmation envoyé. Pense à regarder dans tes indésirables.',
      });
      await mailTo('nina@exemple.fr', n);
    }
    const refused = await resend(reader.cookie, '10.44.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/^Trop de /);
    // The newest link works; nothing more was mailed for the refused one.
    const newest = await mailTo('nina@exemple.fr', 4);
    expect((await t.app.inject({ method: 'GET', url: linkOf(newest.text) })).statusCode).toBe(200);
  });

  it('says an address already confirmed needs no mail, and asks a visitor to sign in', async () => {
    const res = await resend(squatter.cookie, '10.44.0.3');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Ton adresse e-mail est déjà confirmée.');
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/account/email-verification',
      headers: origin,
    });
    expect(visitor.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/email-verification' })).statusCode,
    ).toBe(401);
  });

  it('stores the confirmation in the users table', async () => {
    const { rows } = await t.database.db.execute<{ email: string; verified: boolean }>(
      sql`select email, email_verified as verified from users where email in (${ADMIN}, 'marc@exemple.fr') order by email`,
    );
    expect(rows).toEqual([
      { email: ADMIN, verified: true },
      { email: 'marc@exemple.fr', verified: false },
    ]);
  });
});
