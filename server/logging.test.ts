import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggableUrl } from './logging';
import { buildTestApp, origin, type TestApp } from './test/app';
import { createBook, createQuestions, createReader, type Reader } from './test/factories';

// Secrets a request carries, each distinctive enough to be found in any log line.
const password = 'Mdp-Secret-4471';
const newPassword = 'Nouveau-Secret-8832';
const rightAnswer = 'Cosette-Fantine';
const wrongAnswer = 'Javert-Valjean';
const queryParam = 'parametre-confidentiel-5519';

describe('what the log never holds', () => {
  let t: TestApp;
  let reader: Reader;
  const lines: string[] = [];
  /** The confirmation mailed at sign-up, removed before the tests. */
  const setAside: string[] = [];
  beforeAll(async () => {
    // No SMTP_URL: mails go to DATA_DIR/mail as .eml files. Every level is logged.
    t = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (l) => lines.push(l) } });
    t.app.get('/test/failing-query', async () => {
      await t.database.db.execute(sql`select length(${queryParam}) / 0 as boom`);
      return { ok: true };
    });
    reader = await createReader(t.app, { email: 'discrete@exemple.fr', password });
    // The address's confirmation, mailed at sign-up, set aside: the test follows a reset mail.
    await vi.waitFor(() => expect(outbox()).toHaveLength(1), { timeout: 20_000, interval: 25 });
    for (const file of outbox()) {
      setAside.push(file);
      fs.rmSync(file);
    }
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = '') =>
    t.app.inject({ method: 'POST', url, headers: { ...origin, cookie }, payload });
  const outbox = () => {
    const dir = path.join(t.dataDir, 'mail');
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => path.join(dir, f))
      : [];
  };

  let token = '';
  it('runs a whole reset through the outbox folder, a sign-in, answers and a failed query', async () => {
    const asked = await post('/api/auth/password-reset', { email: reader.email });
    expect(asked.statusCode).toBe(200);
    // The mail is written by the job queue, after the answer.
    await vi.waitFor(() => expect(outbox()).toHaveLength(1), { timeout: 20_000, interval: 25 });
    const [file] = outbox();
    expect(file).toMatch(/\.eml$/);
    const raw = fs.readFileSync(file ?? '', 'utf8');
    expect(raw).toContain('Subject: =?UTF-8?');
    expect(raw).toContain('To: discrete@exemple.fr');
    // Quoted-printable may fold the link: unfold before reading the token.
    const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    token = /reset-password\?token=([\w-]+)/.exec(unfolded)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect((fs.statSync(file ?? '').mode & 0o777).toString(8)).toBe('600');

    const check = await t.app.inject({ method: 'GET', url: `/api/auth/password-reset/${token}` });
    expect(check.json()).toEqual({ valid: true });
    // A link followed from the mail: the page's URL carries the token in its query string.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    const fields = { token, password: newPassword, confirmation: newPassword };
    expect((await post('/api/auth/password-reset/confirm', fields)).statusCode).toBe(200);

    const signIn = await post('/api/auth/sign-in', { email: reader.email, password: newPassword });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    const book = await createBook(t.database.db, { totalPages: 60 });
    await createQuestions(t.database.db, book);
    await t.database.db.execute(
      sql`update reading_questions set answer = ${rightAnswer} where book_id = ${book.id}`,
    );
    const answer = (text: string) =>
      post(`/api/books/${book.id}/segments/1/answer`, { answer: text }, cookie);
    expect((await answer(wrongAnswer)).json().correct).toBe(false);
    expect((await answer(rightAnswer)).json().correct).toBe(true);

    const failed = await t.app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Une erreur inattendue est survenue' },
    });
  });

  it('holds none of the token, the passwords, the answers or the query’s values', () => {
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [token, password, newPassword, rightAnswer, wrongAnswer, queryParam]) {
      expect(log).not.toContain(secret);
    }
  });

  it('says where the mail was written, without the address', () => {
    const mailLines = lines.filter(
      (l) => l.includes('outbox') && !setAside.some((file) => l.includes(file)),
    );
    expect(mailLines).toHaveLength(1);
    const entry = JSON.parse(mailLines[0] ?? '{}');
    expect(entry.file).toBe(outbox()[0]);
    expect(mailLines[0]).not.toContain('discrete@exemple.fr');
  });

  it('logs the failed query by its SQLSTATE and message', () => {
    const entry = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'database error');
    expect(entry?.database).toEqual({ code: '22012', message: 'division by zero' });
  });

  it('logs request URLs without query strings, and the reset link check without its token', () => {
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    expect(urls).toContain('/api/auth/password-reset/[redacted]');
    expect(urls).toContain('/reset-password');
    expect(urls).toContain('/api/auth/password-reset/confirm');
  });
});

describe('loggableUrl', () => {
  it.each([
    ['/api/search?q=hugo', '/api/search'],
    ['/api/auth/password-reset/abc-123', '/api/auth/password-reset/[redacted]'],
    ['/api/auth/password-reset/abc?x=1', '/api/auth/password-reset/[redacted]'],
    ['/api/auth/password-reset/confirm', '/api/auth/password-reset/confirm'],
    ['/api/auth/password-reset', '/api/auth/password-reset'],
    ['/api/books/un-livre', '/api/books/un-livre'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
