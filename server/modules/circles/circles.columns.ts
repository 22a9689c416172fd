import { uuid } from 'drizzle-orm/pg-core';
import { circles } from './circles.table';

// A circle's id in another module's table, with its foreign key: the owner of `circles` gives
// the column, so no other module imports its table file (one owner per table).

/** A row about a circle goes with it (its segment discussions' posts). */
export const circleIdColumn = (name: string) =>
  uuid(name).references(() => circles.id, { onDelete: 'cascade' });
