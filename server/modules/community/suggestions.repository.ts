import { sql } from 'drizzle-orm';
import { localTime } from '../../../domain/calendar';
import type { Suggestion } from '../../../domain/community.schemas';
import { computeStreaks } from '../../../domain/streaks';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { readingSql } from '../reading';
import { rewardsSql } from '../rewards';
import { hiddenFrom } from './community.repository';

// 'Lecteurs à découvrir': readers of the same books first, then recently active ones. Every
// source is bounded (20 of my books × their 20 latest readers; the 200 latest activities),
// so the cost does not grow with the community. 20 readers a book, not more: below the
// average readers per book, PostgreSQL reads a book's index in order and stops at 20, rather
// than fetching every reader of a popular book to sort them (2 000 rows: 6 ms a book).

type SuggestionRow = {
  id: string;
  username: string | null;
  avatar_url: string | null;
  shared: number;
  in_progress: number;
  badges: number;
  time_zone: string;
  days: string[] | null;
};

// For the viewer, `limit` readers at most.
const suggestionsStatement = preparedStatement<{ viewerId: string; limit: number }, SuggestionRow>(
  'community_suggestions',
  (p) => sql`with hidden as (${hiddenFrom(sql`${p.viewerId}::uuid`)}),
   same_books as (${readingSql.readersOfBooks({ userId: sql`${p.viewerId}::uuid`, books: 20, readers: 20 })}),
   active as (
     select r.actor_id as user_id, 0 as shared, max(r.created_at) as at
     from (select actor_id, created_at from activities
           order by created_at desc nulls last, id desc nulls last limit 200) r
     group by r.actor_id),
   candidates as (
     select c.user_id, max(c.shared) as shared, max(c.at) as at
     from (select * from same_books union all select * from active) c
     where c.user_id <> ${p.viewerId}::uuid
       and not exists (select 1 from follows f
         where f.follower_id = ${p.viewerId}::uuid and f.following_id = c.user_id)
       and not exists (select 1 from hidden h where h.id = c.user_id)
     group by c.user_id
     order by max(c.shared) desc, max(c.at) desc, c.user_id
     limit ${p.limit}::int)
   select c.user_id as id, u.username, u.avatar_url, c.shared,
     ${readingSql.booksWithStatus({ userId: sql`c.user_id`, status: 'in_progress' })} as in_progress,
     ${rewardsSql.badgesCount(sql`c.user_id`)} as badges,
     u.time_zone,
     (select array_agg(distinct to_char(v.validated_at at time zone u.time_zone, 'YYYY-MM-DD'))
        from (${readingSql.validationTimes({ userId: sql`c.user_id`, since: sql`now() - interval '32 days'` })}) v)
       as days
   from candidates c
   join ${readersSql.join({ alias: 'u', id: sql`c.user_id` })}
   order by c.shared desc, c.at desc, c.user_id`,
);

export function createSuggestionsRepository({ db }: { db: Db }) {
  return {
    /**
     * Readers the viewer might follow: not themselves, not followed, not hidden; ranked by
     * books in common, then by how recently they read. The streak is the current one over
     * the last 32 days (as the rewards record reads it).
     */
    async suggest(viewerId: string, limit: number, now = new Date()): Promise<Suggestion[]> {
      const rows = await suggestionsStatement(db, { viewerId, limit });
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        avatarUrl: r.avatar_url,
        inProgress: Number(r.in_progress),
        badges: Number(r.badges),
        streak: computeStreaks(r.days ?? [], localTime(now, r.time_zone).day).current,
        sharedBooks: Number(r.shared),
      }));
    },
  };
}
