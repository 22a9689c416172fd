import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';

// Readers' photos, resized variants stored in PostgreSQL (both engines) so every process
// serves the same files and a backup holds them. One row per variant ('96.webp',
// '256.avif', …) of a content hash; a reader's previous photo is deleted when replaced.
export const avatarFiles = pgTable(
  'avatar_files',
  {
    hash: text('hash').notNull(),
    variant: text('variant').notNull(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hash, t.variant] }),
    index('avatar_files_user_idx').on(t.userId),
  ],
);
