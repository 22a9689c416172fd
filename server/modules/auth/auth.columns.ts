import { uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.table';

// A reader's id in another module's table, with its foreign key: the owner of `users` gives
// the column, so no other module imports auth.table.ts (one owner per table).

/** What becomes of the row when its reader's account is deleted. */
export type OnReaderDeleted = 'cascade' | 'set null';

export const readerIdColumn = (name: string, onDelete: OnReaderDeleted) =>
  uuid(name).references(() => users.id, { onDelete });
