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

export const randomSecret = () => randomBytes(32).toString('base64url');
