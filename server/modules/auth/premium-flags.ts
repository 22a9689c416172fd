import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// The users row carries is_premium and premium_since for the session (header, profile).
// The premium module derives them from Stripe's records and sets them here, and only here
// (decision 027): no user route writes them.

export type PremiumFlags = { isPremium: boolean; premiumSince: Date | null };

/** Sets the reader's derived premium flags; a write that changes nothing is skipped. */
export async function setPremiumFlags(
  tx: Pick<Db, 'execute'>,
  readerId: string,
  flags: PremiumFlags,
): Promise<void> {
  const since = flags.premiumSince ? flags.premiumSince.toISOString() : null;
  // The NOTIFY trigger on users drops every process's cached session at once.
  await tx.execute(sql`
    update users set is_premium = ${flags.isPremium}, premium_since = ${since}::timestamptz,
      updated_at = now()
    where id = ${readerId}::uuid
      and (is_premium, premium_since) is distinct from (${flags.isPremium}, ${since}::timestamptz)`);
}

/** True when a reader has this id (a Stripe reference may name anyone, or no one). */
export async function readerExists(tx: Pick<Db, 'execute'>, readerId: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from users where id = ${readerId}::uuid`);
  return rows.length > 0;
}

/** The reader's e-mail address, for a mail about their account (null: no such reader). */
export async function emailOf(tx: Pick<Db, 'execute'>, readerId: string): Promise<string | null> {
  const { rows } = await tx.execute<{ email: string }>(
    sql`select email from users where id = ${readerId}::uuid`,
  );
  return rows[0]?.email ?? null;
}

/** Readers' name and e-mail by id, for an administrator's view (the book requests). */
export async function readerContacts(
  tx: Pick<Db, 'execute'>,
  ids: readonly string[],
): Promise<Map<string, { username: string | null; email: string }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.execute<{ id: string; username: string | null; email: string }>(
    sql`select id, username, email from users where id = any (${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, { username: r.username, email: r.email }]));
}
