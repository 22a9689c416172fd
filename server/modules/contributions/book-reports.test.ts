import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerBooksMessages as m } from '../../../domain/messages/reader-books';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, createReader, type Reader } from '../../test/factories';

const ADMIN = 'admin-book-reports@lisons.app';

// Readers report a book; the back office lists the books reported (decision 048).
describe('books reported by readers', () => {
  let t: TestApp;
  let admin: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await createAdmin(t, { email: ADMIN });
  });
  afterAll(() => t.close());

  const report = (reader: Reader, bookId: string, body: object) =>
    callAs(t.app, reader).post(`/api/books/${bookId}/reports`, body);
  const reportedList = async (q: string) =>
    (
      await callAs(t.app, admin).get(`/api/admin/books?origin=reported&q=${encodeURIComponent(q)}`)
    ).json();

  it('takes one report per reader, and the back office lists the book with its count', async () => {
    const book = await createBook(t.database.db, { title: 'Le Doublon signalé' });
    const [a, b] = [await createReader(t.app), await createReader(t.app)];
    const first = await report(a, book.id, {
      reason: 'duplicate',
      detail: '  Voir « Le Doublon »  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reported: true });
    const again = await report(a, book.id, { reason: 'wrong' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyReported);
    expect((await report(b, book.id, { reason: 'wrong' })).statusCode).toBe(201);

    const list = await reportedList('Doublon signalé');
    expect(list.items).toEqual([expect.objectContaining({ id: book.id, reports: 2 })]);
    const other = await createBook(t.database.db, { title: 'Le Doublon tranquille' });
    expect((await reportedList('Doublon tranquille')).items).toEqual([]);
    const all = (await callAs(t.app, admin).get('/api/admin/books?q=Doublon%20tranquille')).json();
    expect(all.items).toEqual([expect.objectContaining({ id: other.id, reports: 0 })]);
  });

  it('refuses a report without a reason, on a book that does not exist, or from a visitor', async () => {
    const reader = await createReader(t.app);
    const book = await createBook(t.database.db);
    const noReason = await report(reader, book.id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain(m.reportReasonRequired);
    const tooLong = await report(reader, book.id, { reason: 'other', detail: 'x'.repeat(301) });
    expect(tooLong.json().error.message).toContain(m.reportDetailTooLong);
    const missing = await report(reader, '00000000-0000-4000-8000-000000000000', {
      reason: 'other',
    });
    expect(missing.statusCode).toBe(404);
    const visitor = await callAs(t.app, null).post(`/api/books/${book.id}/reports`, {
      reason: 'other',
    });
    expect(visitor.statusCode).toBe(401);
    expect((await reportedList(book.title)).items).toEqual([]);
  });
});
