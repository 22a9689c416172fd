import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from './settings.table';

/** Returns the stored value of `key`, creating it with `create()` the first time (race-safe). */
export async function getOrCreateSetting(db: Db, key: string, create: () => string) {
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`setting ${key} missing after insert`);
  return row.value;
}

/** The stored value of `key`, or null when it was never set. */
export async function readSetting(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value ?? null;
}

/**
 * Stores `key` unless it is already there; true when this call stored it. In a transaction
 * it is a marker taken once: of two processes doing the same first-start work, one wins.
 */
export async function claimSetting(db: Db, key: string, value: string): Promise<boolean> {
  const stored = await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  return stored.length > 0;
}

export const randomSecret = () => randomBytes(32).toString('base64url');
