import { sql } from 'drizzle-orm';
import { displayName } from '../../../domain/accounts';
import type { ChatMessage, ChatReport } from '../../../domain/chat.schemas';
import type { Db } from '../../db/client';
import { type Executor, preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { booksSql } from '../books';
import { type Cursor, cursorSql, encodeCursor } from '../community';

// The chat's SQL: rooms (book_chats) and reports (chat_reports). Only this module names
// these tables; readers and books are joined through their owners' fragments.

type MessageRow = {
  id: string;
  book_id: string;
  content: string;
  author_id: string;
  username: string | null;
  avatar_url: string | null;
  created_at: string;
};

const messageColumns = (alias: 'c' | 'ins') =>
  sql`${sql.identifier(alias)}.id, ${sql.identifier(alias)}.book_id, ${sql.identifier(alias)}.content, ${sql.identifier(alias)}.author_id, u.username, u.avatar_url,
   ${cursorSql.apiTime(sql`${sql.identifier(alias)}.created_at`)} as created_at`;

/** A row as the room shows it; `viewerId` decides `mine` (null: nobody's, for the live event). */
export function toChatMessage(row: MessageRow, viewerId: string | null): ChatMessage {
  return {
    id: row.id,
    bookId: row.book_id,
    content: row.content,
    createdAt: row.created_at,
    author: {
      id: row.author_id,
      name: displayName({ id: row.author_id, username: row.username }),
      avatar: row.avatar_url,
    },
    authorId: row.author_id,
    mine: row.author_id === viewerId,
  };
}

// The cursor (null: the latest), authors left out (a uuid[] literal), rows to read (a page
// and one more). Newest first, so the index on (book, time desc, id desc) serves it; the
// caller turns the page round.
const pageStatement = preparedStatement<
  {
    bookId: string;
    cursorAt: string | null;
    cursorId: string | null;
    hidden: string;
    limit: number;
  },
  MessageRow & { cursor_at: string }
>(
  'chat_page',
  (p) => sql`select ${messageColumns('c')}, ${cursorSql.time(sql`c.created_at`)} as cursor_at
   from book_chats c
   join ${readersSql.join({ alias: 'u', id: sql`c.author_id` })}
   where c.book_id = ${p.bookId}::uuid and c.removed_at is null
     and ${cursorSql.before({ time: sql`c.created_at`, id: sql`c.id`, at: p.cursorAt, after: p.cursorId })}
     and c.author_id <> all(${p.hidden}::uuid[])
   order by c.created_at desc, c.id desc
   limit ${p.limit}::int`,
);

// The content is already trimmed and checked.
const insertStatement = preparedStatement<
  { bookId: string; authorId: string; content: string },
  MessageRow
>(
  'chat_insert',
  (p) => sql`with ins as (
     insert into book_chats (book_id, author_id, content) values (${p.bookId}::uuid, ${p.authorId}::uuid, ${p.content}::text)
     returning id, book_id, content, author_id, created_at)
   select ${messageColumns('ins')}
   from ins join ${readersSql.join({ alias: 'u', id: sql`ins.author_id` })}`,
);

const findStatement = preparedStatement<
  { id: string },
  { id: string; book_id: string; author_id: string; removed: boolean }
>(
  'chat_find',
  (p) => sql`select id, book_id, author_id, removed_at is not null as removed
   from book_chats where id = ${p.id}::uuid`,
);

const shownStatement = preparedStatement<{ ids: string }, { id: string }>(
  'chat_shown',
  (p) => sql`select id from book_chats where id = any(${p.ids}::uuid[]) and removed_at is null`,
);

// `by`: who removes it ('author' or 'admin'). Its open reports are settled with it.
const removeStatement = preparedStatement<
  { id: string; by: string },
  { id: string; book_id: string }
>(
  'chat_remove',
  (p) => sql`with removed as (
     update book_chats set removed_at = now(), removed_by = ${p.by}::text
     where id = ${p.id}::uuid and removed_at is null
     returning id, book_id),
   settled as (
     update chat_reports set resolved_at = now()
     where message_id in (select id from removed) and resolved_at is null
     returning 1)
   select id, book_id from removed`,
);

const reportStatement = preparedStatement<
  { messageId: string; reporterId: string },
  { inserted: number }
>(
  'chat_report',
  (p) => sql`with ins as (
     insert into chat_reports (message_id, reporter_id) values (${p.messageId}::uuid, ${p.reporterId}::uuid)
     on conflict do nothing
     returning 1)
   select count(*)::int as inserted from ins`,
);

const dismissStatement = preparedStatement<{ messageId: string }, { dismissed: number }>(
  'chat_dismiss',
  (p) => sql`with settled as (
     update chat_reports set resolved_at = now()
     where message_id = ${p.messageId}::uuid and resolved_at is null
     returning 1)
   select count(*)::int as dismissed from settled`,
);

type ReportRow = MessageRow & {
  slug: string;
  title: string;
  count: number;
  first_at: string;
  last_at: string;
};

// The open reports, one line per message still in its room, most reported first.
const reportsStatement = preparedStatement<{ limit: number }, ReportRow>(
  'chat_open_reports',
  (p) => sql`select ${messageColumns('c')}, b.slug, b.title, r.count,
     ${cursorSql.apiTime(sql`r.first_at`)} as first_at, ${cursorSql.apiTime(sql`r.last_at`)} as last_at
   from (select message_id, count(*)::int as count, min(created_at) as first_at,
           max(created_at) as last_at
         from chat_reports where resolved_at is null group by message_id) r
   join book_chats c on c.id = r.message_id and c.removed_at is null
   join ${readersSql.join({ alias: 'u', id: sql`c.author_id` })}
   join ${booksSql.join({ alias: 'b', id: sql`c.book_id` })}
   order by r.count desc, r.last_at desc, c.id
   limit ${p.limit}::int`,
);

/** A uuid[] literal for a statement parameter (the ids come from the database). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

export function createChatRepository({ db }: { db: Db }) {
  return {
    /**
     * A page of a room, oldest to newest: the latest `pageSize` messages before `cursor`
     * (null: the latest), without those of `hidden` authors; `nextCursor` for older ones.
     */
    async page(options: {
      bookId: string;
      viewerId: string;
      hidden: readonly string[];
      cursor: Cursor | null;
      pageSize: number;
    }): Promise<{ items: ChatMessage[]; nextCursor: string | null }> {
      const rows = await pageStatement(db, {
        bookId: options.bookId,
        cursorAt: options.cursor?.at ?? null,
        cursorId: options.cursor?.id ?? null,
        hidden: uuidArray(options.hidden),
        limit: options.pageSize + 1,
      });
      const page = rows.slice(0, options.pageSize);
      const oldest = page.at(-1);
      return {
        items: page.reverse().map((row) => toChatMessage(row, options.viewerId)),
        nextCursor:
          rows.length > options.pageSize && oldest
            ? encodeCursor({ at: oldest.cursor_at, id: oldest.id })
            : null,
      };
    },

    /** Writes a message (in the caller's transaction) and returns it as rooms show it. */
    async insert(
      tx: Executor,
      message: { bookId: string; authorId: string; content: string },
    ): Promise<MessageRow> {
      const [row] = await insertStatement(tx, message);
      if (!row) throw new Error('chat message not written');
      return row;
    },

    /** A message's room and author, removed or not; null for none. */
    async find(id: string) {
      const [row] = await findStatement(db, { id });
      return row
        ? { id: row.id, bookId: row.book_id, authorId: row.author_id, removed: row.removed }
        : null;
    },

    /** Of these message ids, those still in their room (not removed, not deleted). */
    async shownAmong(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await shownStatement(db, { ids: uuidArray(ids) });
      return new Set(rows.map((row) => row.id));
    },

    /** Takes a message out of its room (its row stays for the record); null if it was already. */
    async remove(tx: Executor, id: string, by: 'author' | 'admin') {
      const [row] = await removeStatement(tx, { id, by });
      return row ? { id: row.id, bookId: row.book_id } : null;
    },

    /** A reader's report of a message; false when they had already reported it. */
    async report(messageId: string, reporterId: string): Promise<boolean> {
      const [row] = await reportStatement(db, { messageId, reporterId });
      return Number(row?.inserted ?? 0) > 0;
    },

    /** Settles a message's open reports without removing it; how many were open. */
    async dismiss(messageId: string, tx: Executor = db): Promise<number> {
      const [row] = await dismissStatement(tx, { messageId });
      return Number(row?.dismissed ?? 0);
    },

    /** The administrators' queue: reported messages still in their rooms. */
    async openReports(limit: number): Promise<ChatReport[]> {
      const rows = await reportsStatement(db, { limit });
      return rows.map((row) => {
        const { author } = toChatMessage(row, null);
        return {
          message: { id: row.id, content: row.content, createdAt: row.created_at },
          author,
          book: { id: row.book_id, slug: row.slug, title: row.title },
          count: Number(row.count),
          firstReportedAt: row.first_at,
          lastReportedAt: row.last_at,
        };
      });
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
