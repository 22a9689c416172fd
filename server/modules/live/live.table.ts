import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LIVE_KINDS } from '../../../domain/live';
import { readerIdColumn } from '../auth/auth.columns';

// What the live channel pushed, kept a little while (live.repository.ts) so that a tab that
// reconnects with Last-Event-ID gets what it missed. Each row goes to one reader or one room;
// its insert trigger (migration 0018) sends it on 'lisons_live' to every process.
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    readerId: readerIdColumn('reader_id', 'cascade'),
    room: text('room'),
    kind: text('kind', { enum: LIVE_KINDS }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_events_reader_idx').on(t.readerId, t.id).where(sql`${t.readerId} is not null`),
    index('live_events_room_idx').on(t.room, t.id).where(sql`${t.room} is not null`),
    index('live_events_time_idx').on(t.createdAt),
    check('live_events_one_audience', sql`(${t.readerId} is null) <> (${t.room} is null)`),
  ],
);
