import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookRequestMessages as m } from '../../../domain/messages/book-requests';
import { emailVerificationMessages } from '../../../domain/messages/email-verification';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createReader, type Reader } from '../../test/factories';
import { events, postEvent, premiumEnv } from '../../test/stripe';

describe('book requests: premium readers send, administrators answer', () => {
  let t: TestApp;
  let admin: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ...premiumEnv, ADMIN_EMAILS: 'admin.demandes@exemple.fr' });
    admin = await createAdmin(t, { email: 'admin.demandes@exemple.fr' });
  });
  afterAll(() => t.close());

  let pi = 0;
  const premiumReader = async () => {
    const reader = await createReader(t.app);
    pi += 1;
    await postEvent(t, events.lifetimeCheckout(reader.id, `pi_requests_${pi}`));
    return reader;
  };
  const send = (reader: Reader | null, payload: unknown) =>
    callAs(t.app, reader).post('/api/book-requests', payload as object);
  const rowsOf = async (reader: Reader) =>
    (
      await t.database.db.execute(
        sql`select book_title, book_author, isbn, reason, status from book_requests
            where user_id = ${reader.id} order by created_at`,
      )
    ).rows;
  // The mails about their requests (the confirmation of their address, sent at sign-up, aside).
  const mailsTo = async (to: string) =>
    (
      await t.database.db.execute<{ subject: string }>(
        sql`select data->>'subject' as subject from pgboss.job
            where name = 'mail' and data->>'to' = ${to}
              and data->>'subject' <> ${emailVerificationMessages.mailSubject}
            order by created_on`,
      )
    ).rows.map((r) => r.subject);

  it('asks a visitor to sign in, and a reader without premium to go premium (nothing written)', async () => {
    const out = await send(null, { title: 'Candide' });
    expect(out.statusCode).toBe(401);
    expect(out.json().error.code).toBe('AUTH_REQUIRED');
    const reader = await createReader(t.app);
    const res = await send(reader, { title: 'Candide' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: m.premiumRequired });
    expect(await rowsOf(reader)).toEqual([]);
  });

  it('needs a title, trims every field, stores empty ones as null, and checks the ISBN', async () => {
    const reader = await premiumReader();
    for (const payload of [{}, { title: '   ' }, { title: '' }]) {
      const res = await send(reader, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(m.titleRequired);
    }
    for (const isbn of ['978-2-07-036024-7', '2070360246', '12345']) {
      const res = await send(reader, { title: 'Candide', isbn });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(m.isbnInvalid);
    }
    expect(await rowsOf(reader)).toEqual([]);
    const res = await send(reader, {
      title: '  Les Misérables ',
      author: '  ',
      isbn: ' 978-2-07-040850-4 ',
      reason: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Les Misérables', author: null, status: 'pending' });
    expect(await rowsOf(reader)).toEqual([
      {
        book_title: 'Les Misérables',
        book_author: null,
        isbn: '9782070408504',
        reason: null,
        status: 'pending',
      },
    ]);
    expect(await mailsTo(reader.email)).toEqual(['Ta demande de livre est bien reçue']);
  });

  it('allows two requests pending or in progress at once, then refuses with a clear message', async () => {
    const reader = await premiumReader();
    expect((await send(reader, { title: 'Premier' })).statusCode).toBe(201);
    expect((await send(reader, { title: 'Deuxième', isbn: '2-07-036002-4' })).statusCode).toBe(201);
    const third = await send(reader, { title: 'Troisième' });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(m.limitReached);
    expect(await rowsOf(reader)).toHaveLength(2);
    // Two sent at the same instant cannot both pass the rule.
    const other = await premiumReader();
    const results = await Promise.all([1, 2, 3].map((n) => send(other, { title: `Livre ${n}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    const mine = await callAs(t.app, reader).get('/api/book-requests');
    expect(mine.json()).toMatchObject({
      remaining: 0,
      items: [{ title: 'Deuxième' }, { title: 'Premier' }],
    });
  });

  it('lets an administrator filter and set statuses; Complété tells the reader once', async () => {
    const reader = await premiumReader();
    const created = (await send(reader, { title: 'Germinal', author: 'Zola' })).json();
    const list = async (status?: string) =>
      callAs(t.app, admin).get(`/api/admin/book-requests${status ? `?status=${status}` : ''}`);
    const pending = (await list('pending')).json().items;
    expect(pending.find((i: { id: string }) => i.id === created.id)).toMatchObject({
      title: 'Germinal',
      author: 'Zola',
      reader: { id: reader.id, email: reader.email, username: expect.stringMatching(/^\S+ \d+$/) },
    });
    expect(
      (await list('completed')).json().items.some((i: { id: string }) => i.id === created.id),
    ).toBe(false);
    expect((await list('lu')).statusCode).toBe(400);

    const patch = (by: Reader, status: string) =>
      callAs(t.app, by).patch(`/api/admin/book-requests/${created.id}`, { status });
    expect((await patch(reader, 'completed')).statusCode).toBe(403);
    expect((await patch(admin, 'processing')).json()).toMatchObject({ status: 'processing' });
    expect((await patch(admin, 'completed')).json()).toMatchObject({ status: 'completed' });
    expect((await patch(admin, 'pending')).statusCode).toBe(200);
    expect((await patch(admin, 'completed')).statusCode).toBe(200);

    const notes = await callAs(t.app, reader).get('/api/notifications');
    const done = notes
      .json()
      .items.filter((n: { type: string }) => n.type === 'book_request_completed');
    expect(done).toHaveLength(1);
    expect(done[0].meta.msg).toBe('Ta demande pour «\u00a0Germinal\u00a0» est traitée.');
    expect(await mailsTo(reader.email)).toEqual([
      'Ta demande de livre est bien reçue',
      'Ton livre est arrivé sur Lisons',
    ]);
    const audit = await t.database.db.execute(
      sql`select action, before, after from admin_audit where entity_id = ${created.id} order by created_at`,
    );
    expect(audit.rows).toHaveLength(4);
    expect(audit.rows[0]).toMatchObject({
      action: 'book_request.status',
      before: { status: 'pending' },
      after: { status: 'processing' },
    });
    const missing = await callAs(t.app, admin).patch(
      '/api/admin/book-requests/00000000-0000-4000-8000-000000000000',
      { status: 'completed' },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.notFound);
  });
});
