import { sql } from 'drizzle-orm';
import type { ReaderData } from '../../db/reader-data';
import { rateLimitsSql } from '../rate-limits';

// The auth module's part of an account's deletion and export (decision 027): the user row
// (the reader's profile) goes last, after every other module deleted its rows. The sign-in
// and reset counters keyed by the reader's address (auth.routes.ts) go with it.

export const authReaderData: ReaderData = {
  module: 'auth',
  tables: {
    sessions: ['user_id'],
    accounts: ['user_id'],
    api_tokens: ['user_id'],
    users: ['id'],
  },
  async deleteReaderData(tx, readerId) {
    await tx.execute(sql`delete from sessions where user_id = ${readerId}::uuid`);
    await tx.execute(sql`delete from api_tokens where user_id = ${readerId}::uuid`);
    await tx.execute(sql`delete from accounts where user_id = ${readerId}::uuid`);
    // Reset links name the reader in their value (better-auth's verifications table).
    await tx.execute(
      sql`delete from verifications where identifier like 'reset-password:%' and value = ${readerId}`,
    );
    await tx.execute(sql`
      with address as (select email from users where id = ${readerId}::uuid)
      ${rateLimitsSql.forget({
        keys: sql`(select array['sign-in:email:' || email, 'reset:email:' || email] from address)`,
        prefixes: sql`(select array['sign-in:email-ip:' || email || ' '] from address)`,
      })}`);
    await tx.execute(sql`delete from users where id = ${readerId}::uuid`);
  },
  async exportReaderData(tx, readerId) {
    const profile = await tx.execute(
      sql`select id, email, username, avatar_url, is_admin, is_premium, premium_since, time_zone,
            created_at, updated_at from users where id = ${readerId}::uuid`,
    );
    // Never a token or a password hash: when and from where the reader signed in.
    const sessions = await tx.execute(
      sql`select created_at, expires_at, ip_address, user_agent from sessions
          where user_id = ${readerId}::uuid order by created_at`,
    );
    const accounts = await tx.execute(
      sql`select provider_id, created_at, updated_at from accounts where user_id = ${readerId}::uuid`,
    );
    // The personal API tokens by name, scope and use: never their hash.
    const tokens = await tx.execute(
      sql`select name, scope, created_at, expires_at, last_used_at, last_used_ip from api_tokens
          where user_id = ${readerId}::uuid order by created_at`,
    );
    return {
      users: profile.rows,
      sessions: sessions.rows,
      accounts: accounts.rows,
      api_tokens: tokens.rows,
    };
  },
};
