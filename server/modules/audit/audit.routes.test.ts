import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../domain/messages/accounts';
import { auditTrailMessages as m } from '../../../domain/messages/admin';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createReader, type Reader } from '../../test/factories';
import { recordAdminAction } from './record';

const ADMINS = 'alice@lisons.app,bruno@lisons.app';

describe('the audit trail', () => {
  let t: TestApp;
  let alice: Reader;
  let bruno: Reader;
  let reader: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMINS });
    alice = await createAdmin(t, { email: 'alice@lisons.app' });
    bruno = await createAdmin(t, { email: 'bruno@lisons.app' });
    reader = await createReader(t.app);
    const db = t.database.db;
    await recordAdminAction(db, {
      adminId: alice.id,
      action: 'book.create',
      entity: 'book',
      entityId: 'b1',
      after: { title: 'Candide', createdAt: new Date('2026-11-20T10:00:00Z') },
    });
    await recordAdminAction(db, {
      adminId: bruno.id,
      action: 'book.update',
      entity: 'book',
      entityId: 'b1',
      before: { totalPages: 120 },
      after: { totalPages: 150 },
    });
    await recordAdminAction(db, {
      adminId: alice.id,
      action: 'question.update',
      entity: 'question',
      entityId: 'q1',
    });
    // One of last week, to filter by date.
    await db.execute(
      sql`update admin_audit set created_at = '2026-11-10T12:00:00Z' where action = 'book.create'`,
    );
    // Writes a second apart: two inserts in a row may share a timestamp (the embedded
    // database's clock), and then their order would be the ids' (random).
    await db.execute(
      sql`update admin_audit set created_at = created_at - interval '1 second' where action = 'book.update'`,
    );
  });
  afterAll(() => t.close());

  const get = (who: Reader | null, query = '') =>
    callAs(t.app, who).get(`/api/admin/audit-trail${query}`);

  it('lists every write, newest first, with who, what, before and after', async () => {
    const res = await get(alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.pageCount).toBe(1);
    expect(body.items.map((i: { action: string }) => i.action)).toEqual([
      'question.update',
      'book.update',
      'book.create',
    ]);
    const update = body.items[1];
    // Recognisable: the administrator's display name and e-mail (admins only see the trail).
    const { rows } = await t.database.db.execute<{ username: string }>(
      sql`select username from users where id = ${bruno.id}`,
    );
    expect(update.admin).toEqual({
      id: bruno.id,
      name: rows[0]?.username,
      email: 'bruno@lisons.app',
    });
    expect(update).toMatchObject({
      entity: 'book',
      entityId: 'b1',
      before: { totalPages: 120 },
      after: { totalPages: 150 },
    });
    // Dates are stored as JSON text, as an API would show them.
    expect(body.items[2].after).toEqual({
      title: 'Candide',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    expect(body.options.actions).toEqual(['book.create', 'book.update', 'question.update']);
    expect(body.options.entities).toEqual(['book', 'question']);
    expect(body.options.admins.map((a: { id: string }) => a.id).sort()).toEqual(
      [alice.id, bruno.id].sort(),
    );
    expect(body.options.admins.map((a: { email: string }) => a.email).sort()).toEqual([
      'alice@lisons.app',
      'bruno@lisons.app',
    ]);
  });

  it('filters by administrator, action, entity and days', async () => {
    const actions = async (query: string) =>
      (await get(alice, query)).json().items.map((i: { action: string }) => i.action);
    expect(await actions(`?admin=${bruno.id}`)).toEqual(['book.update']);
    expect(await actions('?action=question.update')).toEqual(['question.update']);
    expect(await actions('?entity=book&entityId=b1')).toEqual(['book.update', 'book.create']);
    expect(await actions('?from=2026-11-10&to=2026-11-10')).toEqual(['book.create']);
    expect(await actions('?to=2026-11-09')).toEqual([]);
  });

  it('counts the whole set on a page past the end', async () => {
    const body = (await get(alice, '?page=9')).json();
    expect(body.items).toEqual([]);
    expect(body.total).toBe(3);
  });

  it('refuses bad filters in French, and keeps the trail from readers', async () => {
    const reversed = await get(alice, '?from=2026-11-20&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toContain(m.rangeReversed);
    const badDay = await get(alice, '?from=20-11-2026');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().error.message).toContain(m.invalidDate);
    expect((await get(alice, '?page=0')).json().error.message).toContain(m.invalidPage);
    const forbidden = await get(reader);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(accountMessages.adminRequired);
    expect((await get(null)).statusCode).toBe(401);
  });

  it('records nothing when the write it belongs to fails', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAdminAction(tx, {
          adminId: alice.id,
          action: 'book.delete',
          entity: 'book',
          entityId: 'b2',
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect((await get(alice, '?action=book.delete')).json().total).toBe(0);
  });
});
