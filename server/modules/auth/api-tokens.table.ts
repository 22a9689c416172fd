import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.table';

// A reader's personal API tokens (docs/architecture.md#personal-api-tokens). Only the
// SHA-256 of a token is kept: the token itself is shown once, at its creation. Revoking
// deletes the row, so a revoked token is an unknown one.
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    /** Hex SHA-256 of the whole token, prefix included: the only way a request finds it. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The unique pair also serves a reader's list (user_id leads it).
  (t) => [
    unique('api_tokens_user_name_unique').on(t.userId, t.name),
    check('api_tokens_scope_check', sql`${t.scope} in ('read', 'write')`),
  ],
);
