import { createHmac } from 'node:crypto';
import type pg from 'pg';

// The live bench's readers, made in SQL (signing up 5 000 readers through the API would hash
// 5 000 passwords and hit the sign-up limit): readers 0…n-1 with ids md5('live-r' || n), one
// session each whose token is md5('live-s' || n), and one published book whose room the first
// `finishers` readers may enter (their progress on it is 'completed'). Ids and tokens are
// deterministic, so --skip-generate can rebuild every cookie without storing them.

export const LIVE_BOOK_SLUG = 'banc-direct';
const EMAIL = (n: string) => `'banc-direct-' || ${n} || '@example.com'`;

/** Deletes the last run's readers (their sessions, progress and live events cascade) and makes new ones. */
export async function generateReaders(client: pg.Client, readers: number, finishers: number) {
  await client.query('begin');
  await client.query(`delete from users where email like 'banc-direct-%@example.com'`);
  await client.query('delete from books where slug = $1', [LIVE_BOOK_SLUG]);
  await client.query(
    `insert into books (id, slug, title, author, category, total_pages, description)
     values (md5('live-book')::uuid, $1, 'Livre du banc direct', 'Banc', 'litterature', 300, '')`,
    [LIVE_BOOK_SLUG],
  );
  await client.query(
    `insert into users (id, email, name, email_verified)
     select md5('live-r' || n)::uuid, ${EMAIL('n')}, '', true from generate_series(0, $1 - 1) n`,
    [readers],
  );
  await client.query(
    `insert into sessions (user_id, token, expires_at, user_agent)
     select md5('live-r' || n)::uuid, md5('live-s' || n), now() + interval '30 days', 'bench/live'
     from generate_series(0, $1 - 1) n`,
    [readers],
  );
  await client.query(
    `insert into reading_progress (user_id, book_id, status, segments_validated, current_page,
       started_at, completed_at)
     select md5('live-r' || n)::uuid, md5('live-book')::uuid, 'completed', 10, 300, now(), now()
     from generate_series(0, $1 - 1) n`,
    [finishers],
  );
  await client.query('commit');
}

/**
 * Reuses the last run's readers: checks they are all there, and moves their sessions' expiry
 * to 30 days from now, so that none is due for better-auth's sliding refresh (a write).
 */
export async function reuseReaders(client: pg.Client, readers: number, finishers: number) {
  const { rows } = await client.query<{ readers: number; finishers: number }>(
    `select (select count(*) from users where email like 'banc-direct-%@example.com')::int as readers,
       (select count(*) from reading_progress where book_id = md5('live-book')::uuid
          and status = 'completed')::int as finishers`,
  );
  const found = rows[0];
  if (!found || found.readers < readers || found.finishers < finishers) {
    throw new Error(
      `--skip-generate: ${found?.readers} readers and ${found?.finishers} finishers in the database, ` +
        `${readers} and ${finishers} wanted: run once without --skip-generate`,
    );
  }
  await client.query(
    `update sessions set expires_at = now() + interval '30 days'
     where token in (select md5('live-s' || n) from generate_series(0, $1 - 1) n)`,
    [readers],
  );
}

const md5uuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** Reader n's id and Cookie header, signed as better-auth signs it (session-reader.ts verifiedToken). */
export async function readerCookies(
  client: pg.Client,
  readers: number,
  secret: string,
  cookieName: string,
) {
  const { rows } = await client.query<{ id: string; token: string }>(
    `select md5('live-r' || n) as id, md5('live-s' || n) as token
     from generate_series(0, $1 - 1) n order by n`,
    [readers],
  );
  return rows.map(({ id, token }) => {
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    return {
      id: md5uuid(id),
      cookie: `${cookieName}=${encodeURIComponent(`${token}.${signature}`)}`,
    };
  });
}
