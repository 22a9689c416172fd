import { sql } from 'drizzle-orm';
import type { BookRequestStatus } from '../../../domain/book-requests';
import { OPEN_BOOK_REQUEST_STATUSES } from '../../../domain/book-requests';
import type { AdminBookRequest, BookRequest } from '../../../domain/book-requests.schemas';
import type { Db } from '../../db/client';
import { readerContacts } from '../auth';

type Executor = Pick<Db, 'execute'>;

type Row = {
  id: string;
  book_title: string;
  book_author: string | null;
  isbn: string | null;
  reason: string | null;
  status: BookRequestStatus;
  created_at: string | Date;
  user_id: string;
};

const COLUMNS = sql.raw(
  'r.id, r.book_title, r.book_author, r.isbn, r.reason, r.status, r.created_at, r.user_id',
);

export function toBookRequest(row: Row): BookRequest {
  return {
    id: row.id,
    title: row.book_title,
    author: row.book_author,
    isbn: row.isbn,
    reason: row.reason,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const open = sql.raw(OPEN_BOOK_REQUEST_STATUSES.map((s) => `'${s}'`).join(', '));

/** Book requests' queries. */
export const bookRequestsRepository = {
  /**
   * Serialises one reader's requests for the rest of the transaction, so that two sent at
   * once cannot both pass the two-at-a-time rule.
   */
  async lockReader(tx: Executor, readerId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`book-requests:${readerId}`}))`);
  },

  async openCount(tx: Executor, readerId: string): Promise<number> {
    const { rows } = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from book_requests r
      where r.user_id = ${readerId}::uuid and r.status in (${open})`);
    return Number(rows[0]?.n ?? 0);
  },

  async insert(
    tx: Executor,
    readerId: string,
    fields: { title: string; author: string | null; isbn: string | null; reason: string | null },
  ): Promise<BookRequest> {
    const { rows } = await tx.execute<Row>(sql`
      insert into book_requests as r (user_id, book_title, book_author, isbn, reason)
      values (${readerId}::uuid, ${fields.title}, ${fields.author}, ${fields.isbn}, ${fields.reason})
      returning ${COLUMNS}`);
    return toBookRequest(rows[0] as Row);
  },

  async ofReader(tx: Executor, readerId: string): Promise<BookRequest[]> {
    const { rows } = await tx.execute<Row>(sql`
      select ${COLUMNS} from book_requests r
      where r.user_id = ${readerId}::uuid order by r.created_at desc, r.id desc limit 100`);
    return rows.map(toBookRequest);
  },

  /** Every request, newest first, with its reader's name and e-mail (administrators only). */
  async all(tx: Executor, status: BookRequestStatus | undefined): Promise<AdminBookRequest[]> {
    const { rows } = await tx.execute<Row>(sql`
      select ${COLUMNS} from book_requests r
      where ${status ? sql`r.status = ${status}` : sql`true`}
      order by r.created_at desc, r.id desc limit 1000`);
    const contacts = await readerContacts(tx, [...new Set(rows.map((r) => r.user_id))]);
    return rows.map((row) => ({
      ...toBookRequest(row),
      reader: { id: row.user_id, ...(contacts.get(row.user_id) ?? { username: null, email: '' }) },
    }));
  },

  /** The request's row locked for its update, with its reader. */
  async findForUpdate(tx: Executor, id: string) {
    const { rows } = await tx.execute<Row>(sql`
      select ${COLUMNS} from book_requests r where r.id = ${id}::uuid for update`);
    return rows[0] ?? null;
  },

  async setStatus(tx: Executor, id: string, status: BookRequestStatus): Promise<Row> {
    const { rows } = await tx.execute<Row>(sql`
      update book_requests r set status = ${status}, updated_at = now()
      where r.id = ${id}::uuid returning ${COLUMNS}`);
    return rows[0] as Row;
  },
};
