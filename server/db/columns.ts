import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Case-insensitive text (PostgreSQL citext): uniqueness of e-mails ignores case. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** Raw bytes (images). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** created_at / updated_at in UTC, as every table has them. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
