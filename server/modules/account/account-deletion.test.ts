import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccountMessages as m } from '../../../domain/messages/account';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createReader } from '../../test/factories';
import { events, postEvent, premiumEnv } from '../../test/stripe';
import { validateAt } from '../../test/validations';
import { readerDataOwners } from './reader-data.registry';

type ReaderColumn = { table: string; column: string };

/**
 * Every column of the database that holds a reader's id, read from PostgreSQL's catalogue:
 * the foreign keys to users(id), and users.id itself. A table added later is found here
 * without anyone editing this test.
 */
async function readerColumns(t: TestApp): Promise<ReaderColumn[]> {
  const { rows } = await t.database.db.execute<ReaderColumn>(sql`
    select c.conrelid::regclass::text as table, a.attname::text as column
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    union select 'users', 'id'
    order by 1, 2`);
  return rows;
}

const registered = new Set(
  readerDataOwners.flatMap((o) =>
    Object.entries(o.tables).flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`)),
  ),
);

describe('account deletion: every row of the reader, in one transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(premiumEnv);
  });
  afterAll(() => t.close());

  const rowsAbout = async (readerId: string) => {
    const counts: Record<string, number> = {};
    for (const { table, column } of await readerColumns(t)) {
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw(`"${table}"`)} where ${sql.raw(`"${column}"`)} = ${readerId}::uuid`,
      );
      counts[`${table}.${column}`] = Number(rows[0]?.n);
    }
    return counts;
  };

  it('has a deleteReaderData for every table with a reader column (names the table that lacks one)', async () => {
    const columns = await readerColumns(t);
    expect(columns.length).toBeGreaterThan(20);
    const missing = columns
      .filter(({ table, column }) => !registered.has(`${table}.${column}`))
      .map(
        ({ table, column }) =>
          `la table ${table} (colonne ${column}) n'a pas de deleteReaderData : ajoute-la au ReaderData de son module et à server/modules/account/reader-data.registry.ts`,
      );
    expect(missing).toEqual([]);
    // And nothing registered that the database does not have (a renamed column).
    const found = new Set(columns.map((c) => `${c.table}.${c.column}`));
    expect([...registered].filter((c) => !found.has(c))).toEqual([]);
  });

  it('refuses a visitor (401, the page says the spec’s session sentence) and a wrong password; nothing deleted', async () => {
    const out = await callAs(t.app, null).post('/api/account/delete', { password: 'x' });
    expect(out.statusCode).toBe(401);
    expect(out.json().error.code).toBe('AUTH_REQUIRED');
    const reader = await createReader(t.app);
    const wrong = await callAs(t.app, reader).post('/api/account/delete', {
      password: 'pas le bon',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(m.passwordWrong);
    const empty = await callAs(t.app, reader).post('/api/account/delete', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(m.passwordRequired);
    expect((await rowsAbout(reader.id))['users.id']).toBe(1);
  });

  it('deletes everything that belongs to the reader and nothing of anyone else’s', async () => {
    const reader = await createReader(t.app);
    const other = await createReader(t.app);
    const third = await createReader(t.app);
    // Follows both ways (and the notifications they cause), a block, a preference.
    expect((await callAs(t.app, reader).put(`/api/follows/${other.id}`)).statusCode).toBeLessThan(
      300,
    );
    expect((await callAs(t.app, other).put(`/api/follows/${reader.id}`)).statusCode).toBeLessThan(
      300,
    );
    expect((await callAs(t.app, other).put(`/api/follows/${third.id}`)).statusCode).toBeLessThan(
      300,
    );
    expect((await callAs(t.app, reader).put(`/api/blocks/${third.id}`)).statusCode).toBeLessThan(
      300,
    );
    await callAs(t.app, reader).put('/api/notifications/preferences', { weeklyDigestEmail: true });
    // Reading history, premium, a book request.
    await validateAt(t.database.db, reader.id, ['2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z']);
    await postEvent(t, events.lifetimeCheckout(reader.id, 'pi_deleted_reader'));
    expect(
      (await callAs(t.app, reader).post('/api/book-requests', { title: 'Candide' })).statusCode,
    ).toBe(201);

    const before = await rowsAbout(reader.id);
    const filled = Object.entries(before)
      .filter(([, n]) => n > 0)
      .map(([c]) => c);
    expect(filled).toEqual(
      expect.arrayContaining([
        'users.id',
        'sessions.user_id',
        'accounts.user_id',
        'follows.follower_id',
        'follows.following_id',
        'blocks.blocker_id',
        'notifications.recipient_id',
        'notifications.actor_id',
        'notification_preferences.reader_id',
        'reading_progress.user_id',
        'reading_validations.user_id',
        'premium_purchases.reader_id',
        'book_requests.user_id',
      ]),
    );
    const othersBefore = await rowsAbout(other.id);

    // Counters keyed by the reader's address (a wrong password, a reset asked), and another's.
    await callAs(t.app, null).post('/api/auth/sign-in', {
      email: reader.email,
      password: 'faux-1234',
    });
    await callAs(t.app, null).post('/api/auth/password-reset', { email: reader.email });
    await callAs(t.app, null).post('/api/auth/sign-in', {
      email: other.email,
      password: 'faux-1234',
    });
    const limitsOf = async (email: string) =>
      (
        await t.database.db.execute<{ key: string }>(
          sql`select key from rate_limits where position(${email} in key) > 0 order by key`,
        )
      ).rows.map((row) => row.key.replace(email, '<e-mail>'));
    expect(await limitsOf(reader.email)).toEqual([
      'reset:email:<e-mail>',
      'sign-in:email-ip:<e-mail> 127.0.0.1',
      'sign-in:email:<e-mail>',
    ]);

    const res = await callAs(t.app, reader).post('/api/account/delete', {
      password: reader.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.deleted });
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=;.*Max-Age=0/);

    const after = await rowsAbout(reader.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    // The address is in no counter any more; the other reader's counters stay.
    expect(await limitsOf(reader.email)).toEqual([]);
    expect(await limitsOf(other.email)).toHaveLength(2);
    // The other reader keeps their own rows, less only what pointed at the deleted one.
    const othersAfter = await rowsAbout(other.id);
    expect(othersAfter['users.id']).toBe(1);
    expect(othersAfter['sessions.user_id']).toBe(othersBefore['sessions.user_id']);
    expect(othersAfter['follows.follower_id']).toBe(1); // still follows the third reader

    // Signed out everywhere, and the password no longer signs in.
    const session = await callAs(t.app, reader).get('/api/auth/session');
    expect(session.json().user).toBeNull();
    const signIn = await callAs(t.app, null).post('/api/auth/sign-in', {
      email: reader.email,
      password: reader.password,
    });
    expect(signIn.statusCode).toBe(401);
    const mails = await t.database.db.execute<{ subject: string }>(
      sql`select data->>'subject' as subject from pgboss.job where name = 'mail' and data->>'to' = ${reader.email}`,
    );
    expect(mails.rows.map((r) => r.subject)).toContain(m.mailSubject);
  });
});
