import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RateLimitRule } from '../rate-limits';
import type { Auth } from './auth';

/** Password checks of a signed-in reader (deletion, change): one machine cannot guess on. */
export const passwordCheckLimit: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };

/** True when `password` is the reader's current password (better-auth's own hash check). */
export async function passwordMatches(
  auth: Auth,
  db: Pick<Db, 'execute'>,
  readerId: string,
  password: string,
): Promise<boolean> {
  const { rows } = await db.execute<{ password: string | null }>(sql`
    select password from accounts
    where user_id = ${readerId}::uuid and provider_id = 'credential' and password is not null`);
  const hash = rows[0]?.password;
  if (!hash) return false;
  const context = await auth.$context;
  return context.password.verify({ hash, password });
}

/** The Set-Cookie value that removes the session cookie from the browser. */
export async function clearedSessionCookie(auth: Auth): Promise<string> {
  const context = await auth.$context;
  const cookie = context.authCookies.sessionToken;
  const secure = cookie.attributes.secure ? '; Secure' : '';
  return `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}
