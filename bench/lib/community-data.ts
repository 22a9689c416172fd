import type pg from 'pg';

// The community benches' dataset (decisions 014 and 016), generated in SQL (generate_series,
// one INSERT … SELECT per table, never a statement per row) on a bench database:
// 100 000 readers, 1 000 000 activities, about 2 000 000 Bookys and 2 000 000 follows,
// three books per reader, and the readers that make the requests (signed up through the
// API by the bench) attached to it. Ids are md5 of a name and an index ('r42' is reader 42),
// so every statement finds a reader, book or progress row without a join, and two runs
// generate the same shapes (times and some counts are random).
//
// Readers 0…19 999 are the active ones: 80 % of the activities, recent validations, half of
// everyone's follows. Books 0…49 are the popular ones (each reader has one on their list),
// so 'readers of the same books' has thousands of candidates.

export const SIZES = {
  readers: 100_000,
  activeReaders: 20_000,
  activities: 1_000_000,
  books: 10_000,
  popularBooks: 50,
  followsPerReader: 20,
  /** Followed by each bench reader (the issue: 'a reader following 500 others'). */
  benchFollows: 500,
  /** The profile reader: 66 books of 30 segments and 20 segments of a 67th. */
  validations: 2_000,
} as const;

const reader = (n: string) => `md5('r' || (${n}))::uuid`;
const book = (n: string) => `md5('b' || (${n}))::uuid`;
/** A non-negative hash of an integer expression, to spread readers over books. */
const hash = (n: string) => `(hashint4((${n})::int)::bigint + 2147483648)`;

export type Step = { name: string; sql: string; params?: unknown[] };

/** Empties every table the dataset touches (cascades through everything a reader owns). */
const resetSql = 'truncate table users, books, rate_limits cascade';

/** The generated readers, books and their activity, before the bench readers sign up. */
export function crowdSteps(): Step[] {
  const { readers, activeReaders, activities, books, popularBooks, followsPerReader } = SIZES;
  return [
    {
      name: `${books} books`,
      // Books 9 900… have exactly 900 pages (30 segments): the profile reader's shelf.
      sql: `insert into books (id, slug, title, author, category, total_pages, description, created_at)
        select ${book('n')}, 'banc-communaute-' || n, 'Roman de banc n° ' || n, 'Auteur ' || (n % 700),
          (array['litterature','religion','essai','bio'])[1 + n % 4],
          case when n >= 9900 then 900 else 150 + (n % 26) * 30 end, '',
          now() - interval '6 years' * random()
        from generate_series(0, ${books - 1}) n`,
    },
    {
      name: `${readers} readers`,
      sql: `insert into users (id, email, name, username, email_verified, created_at, updated_at)
        select ${reader('n')}, 'lecteur-' || n || '@banc.example', '',
          case when n % 3 = 0 then null else 'lecteur_' || n end, true, t, t
        from (select n, now() - interval '3 years' * random() as t
              from generate_series(0, ${readers - 1}) n) s`,
    },
    {
      // 80 % of the activities by the active fifth (about 40 each), the rest spread thin;
      // k is the actor's n-th activity: a few of them are badges, the others finished books
      // (a different book for each k), liked a random, exponential number of times.
      name: 'staging activities',
      sql: `create unlogged table bench_activities as
        select i, a, k, (k = 2 or k = 6 or k = 12 or k % 8 = 0) as badge,
          now() - interval '730 days' * random() as at,
          least(200, floor(-ln(1 - random()) * 3.1))::int as likes
        from (select i, a, row_number() over (partition by a order by i) as k
              from (select i, case when i <= ${activities * 0.8}
                      then ${hash('i')} % ${activeReaders}
                      else ${activeReaders} + ${hash('i')} % ${readers - activeReaders} end as a
                    from generate_series(1, ${activities}) i) s) t`,
    },
    {
      name: `${activities} activities`,
      sql: `insert into activities (id, actor_id, kind, source_key, book_id, badge_slug, likes_count, created_at)
        select md5('a' || i)::uuid, ${reader('a')},
          case when badge then 'badge' else 'finished' end,
          case when badge then 'badge:' || slug || ':' || period
               else 'finished:' || ${book(`(${hash('a')} + k * 37) % ${books}`)} end,
          case when badge then null else ${book(`(${hash('a')} + k * 37) % ${books}`)} end,
          case when badge then slug end,
          case when badge then 0 else likes end, at
        from (select *, case when k = 2 then 'premier-livre' when k = 6 then 'serie-7-jours'
                             when k = 12 then 'lecteur-assidu' else 'cadeau-du-mois' end as slug,
                     case when k % 8 = 0 then to_char(date '2024-01-01' + (k / 8) * interval '1 month', 'YYYY-MM')
                          else '' end as period
              from bench_activities) s
        order by 1`,
    },
    {
      // j * 7919 (a prime) never wraps to 0 mod the readers: nobody likes their own.
      name: 'Bookys',
      sql: `insert into activity_likes (activity_id, liker_id, created_at)
        select md5('a' || i)::uuid, ${reader(`(a + j * 7919) % ${readers}`)}, at + j * interval '7 minutes'
        from bench_activities, generate_series(1, likes) j
        where not badge and likes > 0
        order by 1, 2`,
    },
    {
      name: 'badges of the badge activities',
      sql: `insert into user_badges (user_id, badge_slug, period, earned_at)
        select actor_id, badge_slug, split_part(source_key, ':', 3), created_at
        from activities where kind = 'badge'`,
    },
    { name: 'drop staging', sql: 'drop table bench_activities' },
    {
      name: `about ${followsPerReader} follows per reader`,
      sql: `insert into follows (follower_id, following_id, created_at)
        select ${reader('n')}, ${reader('f')}, now() - interval '700 days' * random()
        from (select n, case when j <= ${followsPerReader / 2}
                then (n * 13 + j * 7919) % ${activeReaders}
                else (n + j * 7919) % ${readers} end as f
              from generate_series(0, ${readers - 1}) n, generate_series(1, ${followsPerReader}) j) s
        where f <> n
        order by 1, 2 -- in primary key order: the index grows at its end, not at random
        on conflict do nothing`,
    },
    {
      // One popular book in progress, two from the long tail (completed or to read).
      name: '3 books per reader',
      sql: `insert into reading_progress (id, user_id, book_id, status, segments_validated, current_page,
          started_at, completed_at, created_at, updated_at)
        select md5('p' || n || '-' || j)::uuid, ${reader('n')}, ${book('b')}, status,
          case when status = 'completed' then expected else 0 end,
          case when status = 'completed' then pages else 0 end,
          case when status <> 'to_read' then t end, case when status = 'completed' then t end, t, t
        from (select n, j, b, expected_segments as expected, total_pages as pages,
                case when j = 1 or n % 3 = 0 then 'in_progress'
                     when n % 2 = 0 then 'completed' else 'to_read' end as status,
                now() - case when n < ${activeReaders} then interval '30 days' else interval '700 days' end
                  * random() as t
              from (select n, j, case when j = 1 then ${hash('n')} % ${popularBooks}
                      else ${popularBooks} + (n * 7 + j * 4993) % (9900 - ${popularBooks}) end as b
                    from generate_series(0, ${readers - 1}) n, generate_series(1, 3) j) s
              join books on books.id = ${book('b')}) p`,
    },
    {
      // Up to 8 validated segments on each book in progress, recent for the active readers.
      name: 'validations of the books in progress',
      sql: `with chosen as (
          select p.id, p.user_id, p.book_id, p.started_at,
            least(b.expected_segments, floor(random() * 9))::int as s
          from reading_progress p join books b on b.id = p.book_id
          where p.status = 'in_progress'),
        written as (
          insert into reading_validations (user_id, book_id, progress_id, segment, answer, validated_at)
          select user_id, book_id, id, g, 'mot', started_at + (now() - started_at) * g / (s + 1)
          from chosen, generate_series(1, s) g)
        update reading_progress p set segments_validated = c.s, current_page = c.s * 30
        from chosen c where p.id = c.id and c.s > 0`,
    },
  ];
}

/**
 * The bench readers' own data. $1: their ids (uuid[]); reader 0 is the feed's reader, reader 1
 * the profile reader with 2 000 validations. Each follows 500 active readers (their activity
 * is the feed), is followed by 100, has 3 books (2 popular ones in progress) and, but reader 1,
 * 10 finished books of their own; reader 0 liked 200 of the activities it sees. These run
 * with the triggers on, while the server runs: a few thousand feed notifications, which
 * drop the pages it may have cached.
 */
export function benchReaderSteps(): Step[] {
  const { activeReaders, benchFollows, popularBooks } = SIZES;
  const ids =
    'with r as (select id, ord - 1 as r from unnest($1::uuid[]) with ordinality u(id, ord))';
  return [
    {
      name: `${benchFollows} follows per bench reader`,
      sql: `${ids} insert into follows (follower_id, following_id, created_at)
        select r.id, ${reader(`(r * 977 + j * 7) % ${activeReaders}`)}, now() - interval '300 days' * random()
        from r, generate_series(0, ${benchFollows - 1}) j`,
    },
    {
      name: '100 followers per bench reader',
      sql: `${ids} insert into follows (follower_id, following_id)
        select ${reader(`${activeReaders} + r * 100 + j`)}, r.id from r, generate_series(0, 99) j`,
    },
    {
      name: '3 books per bench reader',
      sql: `${ids} insert into reading_progress (user_id, book_id, status, started_at)
        select r.id, ${book(`case when j < 2 then (r + j) % ${popularBooks} else 5000 + r end`)},
          case when j < 2 then 'in_progress' else 'to_read' end, case when j < 2 then now() end
        from r, generate_series(0, 2) j where r.r <> 1`,
    },
    {
      name: '10 finished books per bench reader',
      sql: `${ids} insert into activities (actor_id, kind, source_key, book_id, created_at)
        select r.id, 'finished', 'finished:' || ${book('6000 + r * 10 + j')}, ${book('6000 + r * 10 + j')},
          now() - interval '700 days' * random()
        from r, generate_series(0, 9) j where r.r <> 1`,
    },
    ...profileReaderSteps(),
    {
      name: '200 Bookys from the feed reader',
      sql: `with liked as (
          insert into activity_likes (activity_id, liker_id)
          select a.id, ($1::uuid[])[1] from activities a
          join follows f on f.following_id = a.actor_id and f.follower_id = ($1::uuid[])[1]
          where a.kind = 'finished' order by a.created_at desc limit 200
          returning activity_id)
        update activities set likes_count = likes_count + 1 where id in (select activity_id from liked)`,
    },
  ];
}

/** Reader 1: 66 finished books of 30 segments, 20 segments of a 67th, badges, XP. */
function profileReaderSteps(): Step[] {
  const me = '($1::uuid[])[2]';
  const shelf = 'generate_series(0, 66) m';
  return [
    {
      name: 'profile reader: 67 books',
      sql: `insert into reading_progress (id, user_id, book_id, status, segments_validated, current_page,
          started_at, completed_at, created_at, updated_at)
        select md5('profile-p' || m)::uuid, ${me}, ${book('9900 + m')},
          case when m < 66 then 'completed' else 'in_progress' end,
          case when m < 66 then 30 else 20 end, case when m < 66 then 900 else 600 end,
          s, case when m < 66 then s + interval '5 days' end, s, s + interval '5 days'
        from (select m, now() - interval '400 days' + m * interval '6 days' as s from ${shelf}) x`,
    },
    {
      name: `profile reader: ${SIZES.validations} validations`,
      sql: `insert into reading_validations (user_id, book_id, progress_id, segment, answer, validated_at)
        select ${me}, ${book('9900 + m')}, md5('profile-p' || m)::uuid, g, 'mot',
          now() - interval '400 days' + m * interval '6 days' + g * interval '4 hours'
        from ${shelf}, generate_series(1, case when m < 66 then 30 else 20 end) g`,
    },
    {
      name: 'profile reader: XP of the validations',
      sql: `insert into xp_events (user_id, source_key, reason, amount, created_at)
        select user_id, 'segment:' || book_id || ':' || segment, 'validation', 10, validated_at
        from reading_validations where user_id = ${me}`,
    },
    {
      name: 'profile reader: badges and their activities',
      sql: `with b(slug, period, at) as (
          select * from (values ('premier-livre', '', now() - interval '395 days'),
            ('lecteur-assidu', '', now() - interval '380 days'),
            ('serie-7-jours', '', now() - interval '390 days')) v
          union all
          select 'cadeau-du-mois', to_char(now() - m * interval '1 month', 'YYYY-MM'),
            now() - m * interval '1 month' from generate_series(0, 11) m),
        ub as (insert into user_badges (user_id, badge_slug, period, earned_at)
          select ${me}, slug, period, at from b)
        insert into activities (actor_id, kind, source_key, book_id, badge_slug, created_at)
        select ${me}, 'badge', 'badge:' || slug || ':' || period, null, slug, at from b
        union all
        select ${me}, 'finished', 'finished:' || ${book('9900 + m')}, ${book('9900 + m')}, null,
          now() - interval '395 days' + m * interval '6 days'
        from generate_series(0, 65) m`,
    },
  ];
}

/** What was generated, for the report. */
export const sizesSql = `select
  (select count(*) from users)::int as readers,
  (select count(*) from books)::int as books,
  (select count(*) from activities)::int as activities,
  (select count(*) from activity_likes)::int as bookys,
  (select count(*) from follows)::int as follows,
  (select count(*) from reading_progress)::int as progress,
  (select count(*) from reading_validations)::int as validations,
  (select count(*) from user_badges)::int as badges,
  pg_size_pretty(pg_database_size(current_database())) as size`;

/** The tables the crowd fills in bulk, whose plain indexes are rebuilt once loaded. */
const bulkTables = [
  'activities',
  'activity_likes',
  'follows',
  'reading_progress',
  'reading_validations',
  'user_badges',
];

/**
 * Resets the database and loads the crowd in one transaction (a failure leaves the last
 * dataset, indexes included). Foreign-key triggers are off meanwhile (replication role: the
 * ids are made consistent by construction), and so are the NOTIFY triggers (migrations
 * 0011, 0012, 0016): no server runs yet, and 0016's row triggers would otherwise queue
 * millions of distinct notifications at commit. The plain indexes of the bulk tables are
 * dropped and rebuilt from their own definitions afterwards: building an index once is far
 * cheaper than 2 000 000 inserts at random places of it. Constraints (primary and unique
 * keys) stay, so their uniqueness is still checked.
 */
export async function loadCrowd(client: pg.Client) {
  await client.query('begin');
  try {
    await client.query(`set local session_replication_role = replica`);
    await client.query(`set local maintenance_work_mem = '512MB'`);
    await client.query(resetSql);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1)
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [bulkTables],
    );
    for (const { name } of indexes) await client.query(`drop index "${name}"`);
    await runSteps(client, crowdSteps());
    const started = performance.now();
    for (const { definition } of indexes) await client.query(definition);
    const s = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`  ${indexes.length} indexes rebuilt: ${s} s`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Runs steps in order on one connection, printing each one's time. */
export async function runSteps(client: pg.Client, steps: Step[], params?: unknown[]) {
  for (const step of steps) {
    const started = performance.now();
    const result = await client.query(step.sql, step.sql.includes('$1') ? params : undefined);
    const rows = result.rowCount ?? 0;
    const s = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`  ${step.name}: ${rows ? `${rows} rows, ` : ''}${s} s`);
  }
}
