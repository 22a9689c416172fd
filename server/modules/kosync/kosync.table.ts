import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { citext } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn } from '../books/books.columns';

// KOReader's progress sync (decision 053). A device password per device, made in
// Paramètres: only the SHA-256 of what KOReader sends (the MD5 of the password) is kept, and
// the username the reader was told to type beside it (their e-mail, which never changes).
export const kosyncDevices = pgTable(
  'kosync_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    name: text('name').notNull(),
    login: citext('login').notNull(),
    keyHash: text('key_hash').notNull().unique('kosync_devices_key_hash_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a request of the device, at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('kosync_devices_user_idx').on(t.userId, t.createdAt)],
);

// The last position a reader's devices reported for each document (KOReader's digest of a
// file), last write wins as in the reference server. A document is linked once to a Lisons
// book by the reader; until then it is unknown (book_id null). A book deleted from the
// catalogue leaves the document unknown again.
export const kosyncDocuments = pgTable(
  'kosync_documents',
  {
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    /** 32 lowercase hex characters. */
    document: text('document').notNull(),
    bookId: bookIdColumn('book_id', 'set null'),
    percentage: doublePrecision('percentage').notNull(),
    progress: text('progress').notNull(),
    device: text('device').notNull(),
    deviceId: text('device_id'),
    /** Which device password wrote it last (null once revoked). */
    writtenBy: uuid('written_by').references(() => kosyncDevices.id, { onDelete: 'set null' }),
    /** KOReader's optional metadata, kept when a later push omits it. */
    title: text('title'),
    authors: text('authors'),
    filename: text('filename'),
    /** The last segment the reader was invited to validate from this document. */
    invitedSegment: integer('invited_segment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'kosync_documents_pk', columns: [t.userId, t.document] }),
    index('kosync_documents_book_idx')
      .on(t.userId, t.bookId, t.updatedAt.desc())
      .where(sql`${t.bookId} is not null`),
    index('kosync_documents_book_id_idx').on(t.bookId),
    check('kosync_documents_document_hex', sql`${t.document} ~ '^[0-9a-f]{32}$'`),
    check('kosync_documents_percentage', sql`${t.percentage} >= 0 and ${t.percentage} <= 1`),
  ],
);
