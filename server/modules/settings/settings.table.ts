import { pgTable, text } from 'drizzle-orm/pg-core';

// Values the app generates once and every process must share (e.g. the cookie secret
// when AUTH_SECRET is not set).
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
