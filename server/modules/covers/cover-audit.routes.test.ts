import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverAuditMessages as m } from '../../../domain/messages/covers';
import { books } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, createReader, type Reader } from '../../test/factories';
import { createAuditRepository } from '../audit/audit.repository';
import { type AuditLine, runCoverAudit } from './cover-audit';
import { bookCoverFiles } from './covers.table';

const ADMIN = 'chef-audit@lisons.app';

describe('the audit (POST /api/admin/audit)', () => {
  let t: TestApp;
  let admin: Reader;

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    await t.app.ready();
    admin = await createAdmin(t, { email: ADMIN });
  });
  afterAll(async () => t.close());

  const run = async () => {
    const res = await callAs(t.app, admin).post('/api/admin/audit');
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditLine);
    return { res, lines };
  };

  it("stops at the first failure with 'Échec: …' (here, no book to try)", async () => {
    await t.database.db.delete(books);
    const { res, lines } = await run();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(lines.map((l) => (l.type === 'step' ? [l.step, l.ok] : l.type))).toEqual([
      ['session', true],
      ['admin', true],
      ['draw', true],
      ['size', true],
      ['store', false],
      'done',
    ]);
    expect(lines.at(-1)).toEqual({ type: 'done', ok: false, message: `Échec: ${m.noBook}` });
  });

  it("runs every check in order and ends with 'Audit terminé : TOUT OK', leaving nothing behind", async () => {
    const book = await createBook(t.database.db);
    const { lines } = await run();
    expect(lines.filter((l) => l.type === 'step').map((l) => l.type === 'step' && l.step)).toEqual([
      'session',
      'admin',
      'draw',
      'size',
      'store',
      'publicUrl',
      'bookUpdate',
      'remove',
    ]);
    expect(lines.every((l) => l.ok)).toBe(true);
    expect(lines.at(-1)).toEqual({ type: 'done', ok: true, message: 'Audit terminé : TOUT OK' });
    const size = lines.find((l) => l.type === 'step' && l.step === 'size');
    expect(size?.type === 'step' && Number.parseInt(size.detail ?? '0', 10)).toBeGreaterThan(1000);
    // The book is as it was; the test file is gone; the run is in the trail.
    const [after] = await t.database.db.select().from(books).where(eq(books.id, book.id));
    expect(after?.coverVersion).toBe(book.coverVersion);
    expect(await t.database.db.select().from(bookCoverFiles)).toHaveLength(0);
    // The trail, newest first: this run's entry.
    const trail = (
      await createAuditRepository({ db: t.database.db }).page({
        action: 'covers.audit.run',
        page: 1,
      })
    ).items;
    expect(trail[0]?.after).toEqual({ ok: true, message: 'Audit terminé : TOUT OK' });
  });

  it('treats a reader who is not an administrator as a failure (the spec’s audit)', async () => {
    const lines: AuditLine[] = [];
    const reader = { ...(await createReader(t.app)), isAdmin: false };
    for await (const line of runCoverAudit({
      app: t.app,
      db: t.database.db,
      reader: reader as never,
    })) {
      lines.push(line);
    }
    expect(lines.at(-1)).toEqual({ type: 'done', ok: false, message: `Échec: ${m.notAdmin}` });
    const none: AuditLine[] = [];
    for await (const line of runCoverAudit({ app: t.app, db: t.database.db, reader: null })) {
      none.push(line);
    }
    expect(none.at(-1)).toEqual({ type: 'done', ok: false, message: `Échec: ${m.noSession}` });
  });

  it('refuses readers who are not administrators (403)', async () => {
    const reader = await createReader(t.app);
    const res = await callAs(t.app, reader).post('/api/admin/audit');
    expect(res.statusCode).toBe(403);
  });
});
