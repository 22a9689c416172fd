import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createReader, type Reader } from '../../test/factories';
import { waitForIdleJobs } from '../../test/jobs';
import { startSmtpCapture } from '../../test/smtp';

// The whole reset journey through a real SMTP server.
describe('password reset by e-mail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let reader: Reader;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Lisons <bonjour@lisons.app>' });
    reader = await signUp('fanny@exemple.fr');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Signs a reader up and sets their confirmation mail aside: these tests count reset mails. */
  const signUp = async (email: string) => {
    const signedUp = await createReader(t.app, { email, password: 'ancien1' });
    const theirs = (mail: { to: string[] }) => mail.to.includes(email);
    await vi.waitFor(() => expect(smtp.mails.some(theirs)).toBe(true), {
      timeout: 20_000,
      interval: 25,
    });
    smtp.mails.splice(0, smtp.mails.length, ...smtp.mails.filter((mail) => !theirs(mail)));
    return signedUp;
  };
  const post = (url: string, payload: object, ip = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url, headers: origin, payload, remoteAddress: ip });
  const tokenOf = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';
  // Mail leaves through the job queue, after the answer: wait for the queue to be idle.
  const queueIdle = () => waitForIdleJobs(t.database);
  /** Asks for a reset, then waits for its mail to be delivered; the latest mail's token. */
  const requestReset = async (email: string, ip: string) => {
    const before = smtp.mails.length;
    const res = await post('/api/auth/password-reset', { email }, ip);
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.mails.length).toBe(before + 1), {
      timeout: 20_000,
      interval: 25,
    });
    return tokenOf(smtp.mails.at(-1)?.text ?? '');
  };

  it('answers the same, and mails nobody, for an unknown address', async () => {
    const res = await post('/api/auth/password-reset', { email: 'inconnu@exemple.fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Un email de réinitialisation a été envoyé à votre adresse',
    });
    await queueIdle();
    expect(smtp.mails).toHaveLength(0);
  });

  it('answers before the mail server has the mail: a known address looks like an unknown one', async () => {
    smtp.hold();
    try {
      const receiving = smtp.receiving();
      const res = await post('/api/auth/password-reset', { email: 'fanny@exemple.fr' }, '10.9.2.1');
      // The answer came back while the slow mail server had not yet answered (or even begun).
      expect(res.statusCode).toBe(200);
      expect(smtp.mails).toHaveLength(0);
      expect(smtp.receiving()).toBeLessThanOrEqual(receiving + 1);
    } finally {
      smtp.release();
    }
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 20_000, interval: 25 });
    smtp.mails.length = 0; // the tests below count from here
  });

  it('requires an address, with the spec’s message', async () => {
    const res = await post('/api/auth/password-reset', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Veuillez saisir votre adresse email');
  });

  let token = '';
  it('mails a French message with a single-use link to /reset-password', async () => {
    const res = await post('/api/auth/password-reset', { email: 'FANNY@exemple.fr' });
    expect(res.json()).toEqual({
      message: 'Un email de réinitialisation a été envoyé à votre adresse',
    });
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 20_000, interval: 25 });
    const mail = smtp.mails[0];
    expect(mail?.to).toEqual(['fanny@exemple.fr']);
    expect(mail?.subject).toBe('Réinitialise ton mot de passe Lisons');
    expect(mail?.text).toContain('Tu as demandé à réinitialiser ton mot de passe Lisons.');
    expect(mail?.text).toContain('http://localhost:3000/reset-password?token=');
    token = tokenOf(mail?.text ?? '');
    expect(token.length).toBeGreaterThan(10);
    const status = await t.app.inject({ method: 'GET', url: `/api/auth/password-reset/${token}` });
    expect(status.json()).toEqual({ valid: true });
  });

  it.each([
    [{ password: '', confirmation: '' }, 'Veuillez remplir tous les champs'],
    [
      { password: 'Nouveau1x', confirmation: 'Nouveau1y' },
      'Les mots de passe ne correspondent pas',
    ],
    [
      { password: 'Nou1', confirmation: 'Nou1' },
      'Le mot de passe doit contenir au moins 8 caractères',
    ],
    [
      { password: 'nouveaumotdepasse1', confirmation: 'nouveaumotdepasse1' },
      'Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre',
    ],
  ])('refuses %j with "%s" and keeps the token', async (fields, message) => {
    const res = await post('/api/auth/password-reset/confirm', { token, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const status = await t.app.inject({ method: 'GET', url: `/api/auth/password-reset/${token}` });
    expect(status.json()).toEqual({ valid: true });
  });

  it('sets the new password; the old one stops working; the link cannot be used twice', async () => {
    const fields = { password: 'Nouveau2026', confirmation: 'Nouveau2026' };
    const res = await post('/api/auth/password-reset/confirm', { token, ...fields });
    expect(res.statusCode).toBe(200);

    const withNew = await post('/api/auth/sign-in', {
      email: reader.email,
      password: 'Nouveau2026',
    });
    expect(withNew.statusCode).toBe(200);
    const withOld = await post('/api/auth/sign-in', { email: reader.email, password: 'ancien1' });
    expect(withOld.statusCode).toBe(401);

    const again = await post('/api/auth/password-reset/confirm', { token, ...fields });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'INVALID_TOKEN',
      message: 'Le lien de réinitialisation a expiré. Veuillez relancer une nouvelle demande.',
    });
    const status = await t.app.inject({ method: 'GET', url: `/api/auth/password-reset/${token}` });
    expect(status.json()).toEqual({ valid: false });
  });

  it('signs out the sessions that existed before the reset', async () => {
    const session = await callAs(t.app, reader).get('/api/auth/session');
    expect(session.json()).toEqual({ user: null });
  });

  it('refuses a link older than one hour', async () => {
    const expired = await requestReset(reader.email, '10.9.0.2');
    await t.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier = ${`reset-password:${expired}`}`,
    );
    const res = await post('/api/auth/password-reset/confirm', {
      token: expired,
      password: 'Encore2026',
      confirmation: 'Encore2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
  });

  it('limits reset requests per account, with a French 429', async () => {
    // Three requests for this account were already made; the fourth is refused.
    const fourth = await post('/api/auth/password-reset', { email: reader.email }, '10.9.0.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toMatch(
      /^Trop de tentatives\. Réessaie dans \d+\u00a0min\.$/,
    );
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a reset voids the account’s other links, not other accounts’ links', async () => {
    const other = await signUp('gaspard@exemple.fr');
    const third = await signUp('ines@exemple.fr');
    const first = await requestReset(other.email, '10.9.1.1');
    const second = await requestReset(other.email, '10.9.1.2');
    const thirds = await requestReset(third.email, '10.9.1.3');
    expect(new Set([first, second, thirds]).size).toBe(3);

    const fields = { password: 'Nouveau2027', confirmation: 'Nouveau2027' };
    const done = await post('/api/auth/password-reset/confirm', { token: second, ...fields });
    expect(done.statusCode).toBe(200);

    const status = await t.app.inject({ method: 'GET', url: `/api/auth/password-reset/${first}` });
    expect(status.json()).toEqual({ valid: false });
    const late = await post('/api/auth/password-reset/confirm', {
      token: first,
      password: 'Pirate2027',
      confirmation: 'Pirate2027',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('INVALID_TOKEN');
    const withNew = await post('/api/auth/sign-in', {
      email: other.email,
      password: 'Nouveau2027',
    });
    expect(withNew.statusCode).toBe(200);
    const left = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from verifications where value = ${other.id}`,
    );
    expect(left.rows[0]?.n).toBe(0);

    const untouched = await t.app.inject({
      method: 'GET',
      url: `/api/auth/password-reset/${thirds}`,
    });
    expect(untouched.json()).toEqual({ valid: true });
  });
});
