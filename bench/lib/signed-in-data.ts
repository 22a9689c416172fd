import { createHmac } from 'node:crypto';

// bench/signed-in.ts's readers, generated in SQL (one INSERT … SELECT per table) over the demo
// catalogue the server loads on its first start, the same on both engines: 1 000 readers with
// 5–30 books each in their lists (a third to read, a third in progress, a third finished),
// a validation per validated segment (one in seven with a joker), the XP of each, two badges,
// 20 follows and 30 notifications (the 5 newest unread) each, and one live session each.
// Ids are md5 of a name and an index ('sr42' is reader 42), so two runs make the same shapes.

export const READERS = 1_000;
const FOLLOWS = 20;
const NOTIFICATIONS = 30;
/** Known to the bench, which signs each reader's session cookie with the server's secret. */
export const benchSecret = 'bench-secret-not-for-production-0123456789';
export const sessionToken = (n: number) => `bench-signed-in-session-${n}`;

const reader = (n: string) => `md5('sr' || (${n}))::uuid`;

/** The books of reader n's list: k = 5…30 of the catalogue, in the order of `i`. */
const listed = `(select r.n, i, b.id as book_id, b.total_pages, b.expected_segments,
    (r.n * 13 + i * 2) % nb.count as position
  from generate_series(0, ${READERS - 1}) r(n)
  cross join lateral generate_series(0, 4 + (r.n * 7) % 26) i
  cross join (select count(*)::int as count from books) nb
  join lateral (select id, total_pages, expected_segments from books order by slug
    offset (r.n * 13 + i * 2) % nb.count limit 1) b on true)`;

export type Step = { name: string; sql: string };

export function signedInSteps(): Step[] {
  return [
    {
      name: 'readers',
      sql: `insert into users (id, email, name, username, email_verified, created_at, updated_at)
        select ${reader('n')}, 'banc-connecte-' || n || '@banc.example', '', 'banc_' || n, true,
          now() - interval '400 days', now()
        from generate_series(0, ${READERS - 1}) n`,
    },
    {
      name: 'sessions',
      sql: `insert into sessions (user_id, token, expires_at, created_at, updated_at)
        select ${reader('n')}, 'bench-signed-in-session-' || n, now() + interval '30 days', now(), now()
        from generate_series(0, ${READERS - 1}) n`,
    },
    {
      name: 'reading lists',
      // i % 3: 0 to read, 1 in progress (part of the book), 2 finished.
      sql: `insert into reading_progress (user_id, book_id, status, segments_validated, current_page,
          started_at, completed_at, created_at, updated_at)
        select ${reader('n')}, book_id,
          case i % 3 when 0 then 'to_read' when 1 then 'in_progress' else 'completed' end,
          s, least(30 * s, total_pages),
          case when s > 0 then now() - interval '90 days' end,
          case when i % 3 = 2 then now() - interval '1 day' * i end,
          now() - interval '100 days', now() - interval '1 hour' * i
        from (select *, case i % 3 when 0 then 0
                when 1 then 1 + (n + i) % greatest(expected_segments - 1, 1)
                else expected_segments end as s
              from ${listed} l) x`,
    },
    {
      name: 'validations',
      sql: `insert into reading_validations (user_id, book_id, progress_id, segment, answer,
          used_joker, wrong_answers, validated_at)
        select p.user_id, p.book_id, p.id, s, 'mot', s % 7 = 0, s % 3,
          now() - interval '1 hour' * (p.segments_validated - s) - interval '1 day' * (s % 40)
        from reading_progress p cross join lateral generate_series(1, p.segments_validated) s
        where p.user_id in (select ${reader('n')} from generate_series(0, ${READERS - 1}) n)`,
    },
    {
      name: 'XP',
      sql: `insert into xp_events (user_id, source_key, reason, amount, created_at)
        select user_id, 'validation:' || id, 'segment', 10, validated_at
        from reading_validations
        where user_id in (select ${reader('n')} from generate_series(0, ${READERS - 1}) n)`,
    },
    {
      name: 'badges',
      sql: `insert into user_badges (user_id, badge_slug, period, earned_at)
        select ${reader('n')}, slug, period, now() - interval '10 days'
        from generate_series(0, ${READERS - 1}) n
        cross join (values ('lecteur-assidu', ''), ('cadeau-du-mois', '2026-10')) b(slug, period)`,
    },
    {
      name: 'follows',
      sql: `insert into follows (follower_id, following_id, created_at)
        select ${reader('n')}, ${reader(`(n + 1 + f * 37) % ${READERS}`)}, now() - interval '1 day' * f
        from generate_series(0, ${READERS - 1}) n cross join generate_series(0, ${FOLLOWS - 1}) f`,
    },
    {
      name: 'notifications',
      sql: `insert into notifications (recipient_id, actor_id, type, meta, dedupe_key, read_at, created_at)
        select ${reader('n')}, ${reader(`(n + 1 + k * 37) % ${READERS}`)},
          (array['new_follower','booky_received','streak_kept'])[1 + k % 3], '{}'::jsonb,
          'banc:' || k, case when k >= 5 then now() - interval '1 hour' * k end,
          now() - interval '1 hour' * k
        from generate_series(0, ${READERS - 1}) n cross join generate_series(0, ${NOTIFICATIONS - 1}) k`,
    },
  ];
}

/** The session cookie better-auth would have set for reader n (`token.HMAC`, URL-encoded). */
export function sessionCookie(name: string, n: number): string {
  const token = sessionToken(n);
  const signature = createHmac('sha256', benchSecret).update(token).digest('base64');
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Reader n's books, by slug, as the bench reads them back (a book page per reader). */
export const listedSlugsSql = `select u.email, b.slug from reading_progress p
  join users u on u.id = p.user_id join books b on b.id = p.book_id
  where u.email like 'banc-connecte-%' and p.status = 'in_progress'`;
