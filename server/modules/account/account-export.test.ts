import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChangeMessages as pm } from '../../../domain/messages/account';
import { accountMessages } from '../../../domain/messages/accounts';
import { emailVerificationMessages } from '../../../domain/messages/email-verification';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { cookieOf, createReader, type Reader } from '../../test/factories';
import { validateAt } from '../../test/validations';

describe('export my data and change my password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: origin,
      payload: { email, password },
    });

  it('exports every module’s rows about the reader as JSON, without secrets', async () => {
    const reader = await createReader(t.app);
    await validateAt(t.database.db, reader.id, ['2026-11-01T10:00:00Z']);
    expect((await callAs(t.app, null).get('/api/account/export')).statusCode).toBe(401);
    const res = await callAs(t.app, reader).get('/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="lisons-donnees-/);
    const body = res.json();
    expect(body.reader).toEqual({ id: reader.id, email: reader.email });
    expect(body.data.auth.users).toEqual([
      expect.objectContaining({ id: reader.id, email: reader.email }),
    ]);
    expect(body.data.reading.reading_validations).toHaveLength(1);
    expect(res.body).not.toMatch(/"(password|token|access_token|refresh_token|bytes)"/);
  });

  it("exports only the reader's own data: not who blocked them, nor when others read", async () => {
    const alice = await createReader(t.app);
    const bruno = await createReader(t.app);
    expect((await callAs(t.app, alice).put(`/api/follows/${bruno.id}`, {})).statusCode).toBe(200);
    expect((await callAs(t.app, bruno).post('/api/notifications/read-all', {})).statusCode).toBe(
      200,
    );
    const caused = await t.database.db.execute<{ read: boolean }>(
      sql`select read_at is not null as read from notifications where actor_id = ${alice.id}`,
    );
    expect(caused.rows).toEqual([{ read: true }]);
    const exported = async (reader: Reader) =>
      (await callAs(t.app, reader).get('/api/account/export')).json();
    expect((await exported(alice)).data.notifications?.notifications ?? []).toEqual([]);
    expect((await exported(bruno)).data.notifications.notifications).toEqual([
      expect.objectContaining({ recipient_id: bruno.id, actor_id: alice.id }),
    ]);

    expect((await callAs(t.app, bruno).put(`/api/blocks/${alice.id}`, {})).statusCode).toBe(200);
    const mine = await callAs(t.app, alice).get('/api/account/export');
    expect(mine.json().data.community?.blocks ?? []).toEqual([]);
    expect(mine.body).not.toContain(bruno.id);
    expect((await exported(bruno)).data.community.blocks).toEqual([
      expect.objectContaining({ blocker_id: bruno.id, blocked_id: alice.id }),
    ]);
  });

  it('exports the reading history as CSV', async () => {
    const reader = await createReader(t.app);
    await validateAt(t.database.db, reader.id, ['2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z']);
    const res = await callAs(t.app, reader).get('/api/account/export/reading-history.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('date,titre,auteur,segment,joker');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2026-11-01T10:00:00.000Z,.+,1,non$/);
  });

  it('neutralises in the CSV a title or author a spreadsheet would run as a formula', async () => {
    const reader = await createReader(t.app);
    await validateAt(t.database.db, reader.id, ['2026-11-01T10:00:00Z']);
    await t.database.db.execute(sql`update books set title = '=HYPERLINK("http://x","clic")',
        author = '@SUM(1+1)' where id = (select book_id from reading_validations
        where user_id = ${reader.id})`);
    const res = await callAs(t.app, reader).get('/api/account/export/reading-history.csv');
    const line = res.body.trim().split('\r\n')[1];
    expect(line).toBe(
      `2026-11-01T10:00:00.000Z,"'=HYPERLINK(""http://x"",""clic"")",'@SUM(1+1),1,non`,
    );
  });

  it('changes the password: the current one first, the reset rules, other sessions signed out', async () => {
    const reader = await createReader(t.app, { password: 'ancienmotdepasse' });
    const elsewhere = cookieOf(await signIn(reader.email, 'ancienmotdepasse'));
    const change = (payload: object) =>
      callAs(t.app, reader).post('/api/account/password', payload);
    const wrong = await change({
      currentPassword: 'pas-le-bon',
      password: 'Nouveau1motdepasse',
      confirmation: 'Nouveau1motdepasse',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(pm.currentWrong);
    const weak = await change({
      currentPassword: 'ancienmotdepasse',
      password: 'faible',
      confirmation: 'faible',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe(accountMessages.newPasswordTooShort);
    const mismatch = await change({
      currentPassword: 'ancienmotdepasse',
      password: 'Nouveau1motdepasse',
      confirmation: 'Nouveau1autre',
    });
    expect(mismatch.json().error.message).toBe(accountMessages.newPasswordMismatch);

    const ok = await change({
      currentPassword: 'ancienmotdepasse',
      password: 'Nouveau1motdepasse',
      confirmation: 'Nouveau1motdepasse',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: pm.done });
    const here = cookieOf(ok);
    expect(here).toMatch(/session_token=/);
    const session = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect((await session(here)).json().user).toMatchObject({ id: reader.id });
    expect((await session(elsewhere)).json().user).toBeNull();
    expect((await signIn(reader.email, 'ancienmotdepasse')).statusCode).toBe(401);
    expect((await signIn(reader.email, 'Nouveau1motdepasse')).statusCode).toBe(200);
    const mails = await t.database.db.execute<{ subject: string }>(
      sql`select data->>'subject' as subject from pgboss.job where name = 'mail' and data->>'to' = ${reader.email}
          and data->>'subject' <> ${emailVerificationMessages.mailSubject}`,
    );
    // The confirmation of the address, mailed at sign-up, aside.
    expect(mails.rows.map((r) => r.subject)).toEqual([pm.mailSubject]);
  });
});
