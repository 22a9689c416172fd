import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn } from '../books/books.columns';

// Cover images, kept in the database so every server process serves the same ones: the
// 512 px JPEG and WebP behind the card's URLs (/covers/<slug>.jpg?v=<version>). The version
// itself is books.cover_version, the catalogue's column, moved through books.cover-version.ts.
export const bookCovers = pgTable('book_covers', {
  bookId: bookIdColumn('book_id', 'cascade').primaryKey(),
  webp: bytea('webp').notNull(),
  jpeg: bytea('jpeg').notNull(),
  // Which drawing of cover-image.ts made it (COVER_GENERATOR), null for a cover made
  // elsewhere: the demo catalogue redraws its generated covers when the drawing changes.
  generator: text('generator'),
  ...timestamps,
});

// Decision 026. The sized variants of a book's cover (256 and 512 px wide, AVIF, WebP and
// JPEG) under content-hashed URLs (/covers/<slug>/<version>-<variant>). An uploaded cover
// writes all of them at once; for a drawn cover they are made on first request from its
// JPEG. A replaced cover's rows are deleted, so its old URLs answer 404.
export const bookCoverFiles = pgTable(
  'book_cover_files',
  {
    bookId: bookIdColumn('book_id', 'cascade').notNull(),
    version: text('version').notNull(),
    variant: text('variant').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.version, t.variant] })],
);

export const coverBatchStatuses = ['running', 'done'] as const;

// The auto-covers batch (docs/architecture.md#back-office: running or idle, a lock stale after
// 90 s). The row is the job: the book list fixed at the start, how far it went, and a lease (owner,
// heartbeat) that one process holds at a time; a process whose lease went stale is replaced by the
// next one that looks (cover-batch.runner.ts). At most one batch runs at a time.
export const coverBatches = pgTable(
  'cover_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestedBy: readerIdColumn('requested_by', 'set null'),
    groupFilter: text('group_filter').notNull(),
    status: text('status', { enum: coverBatchStatuses }).notNull().default('running'),
    bookIds: uuid('book_ids').array().notNull(),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    // The first 10 failures: { bookId, title, message }.
    failures: jsonb('failures').notNull().default(sql`'[]'::jsonb`),
    // The lease: a process's random token, and the last time it said it was alive (the
    // database's clock, so processes' clocks never disagree about staleness).
    owner: text('owner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('cover_batches_progress', sql`${t.processed} = ${t.succeeded} + ${t.failed}`),
    uniqueIndex('cover_batches_one_running').on(t.status).where(sql`${t.status} = 'running'`),
    index('cover_batches_created_idx').on(t.createdAt.desc()),
  ],
);
