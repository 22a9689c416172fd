import { type SQLWrapper, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { communitySql } from '../community';
import { readingSql } from '../reading';
import { type FriendColumns, friendsSql, parisDayStartSql } from './friends.sql';

// The friend streaks' statements (docs/architecture.md#friends); the weekly quest's are in
// friend-quests.repository.ts. Days travel as 'YYYY-MM-DD' text both ways (to_char out, ::date
// in): node-postgres would turn a date into a Date at the server's midnight.

type Pair = { me: string; other: string };

const ymd = (value: SQLWrapper) => sql`to_char(${value}, 'YYYY-MM-DD')`;
/** The other reader of a friend streak row `f`, seen from `me`. */
const partnerOf = (me: SQLWrapper) =>
  sql`case when f.reader_a = ${me} then f.reader_b else f.reader_a end`;
/** True when the reader validated a segment on the Paris day `day` (a date) or later. */
const readSince = (userId: SQLWrapper, day: SQLWrapper) =>
  sql<boolean>`exists (${readingSql.validationTimes({ userId, since: parisDayStartSql(day) })})`;
/** A friend streak row of the two readers is live: neither blocked the other since. */
const unblocked = sql`not ${communitySql.blockedBetween(sql`f.reader_a`, sql`f.reader_b`)}`;

export type StartCheckRow = {
  found: boolean;
  blocked: boolean;
  mutual: boolean;
  existing: 'active' | 'sent' | 'received' | null;
  mine: number;
  theirs: number;
};

// Everything an invitation to a friend streak depends on, read under the pair's and the two
// readers' locks (friends.service.ts).
export const startCheck = preparedStatement<Pair, StartCheckRow>(
  'friends_start_check',
  (p) => sql`select ${readersSql.exists(sql`${p.other}::uuid`)} as found,
     ${communitySql.blockedBetween(sql`${p.me}::uuid`, sql`${p.other}::uuid`)} as blocked,
     ${communitySql.mutualFollow(sql`${p.me}::uuid`, sql`${p.other}::uuid`)} as mutual,
     (select case when f.status = 'active' then 'active'
                  when f.invited_by = ${p.me}::uuid then 'sent' else 'received' end
        from friend_streaks f
        where f.reader_a = least(${p.me}::uuid, ${p.other}::uuid)
          and f.reader_b = greatest(${p.me}::uuid, ${p.other}::uuid)) as existing,
     (select count(*)::int from friend_streaks f
        where (f.reader_a = ${p.me}::uuid or f.reader_b = ${p.me}::uuid)
          and (f.status = 'active' or f.invited_by = ${p.me}::uuid) and ${unblocked}) as mine,
     (select count(*)::int from friend_streaks f
        where (f.reader_a = ${p.other}::uuid or f.reader_b = ${p.other}::uuid)
          and f.status = 'active' and ${unblocked}) as theirs`,
);

export const insertInvitation = preparedStatement<Pair, { id: string }>(
  'friends_insert_invitation',
  (p) => sql`insert into friend_streaks (reader_a, reader_b, invited_by)
     values (least(${p.me}::uuid, ${p.other}::uuid), greatest(${p.me}::uuid, ${p.other}::uuid), ${p.me}::uuid)
     on conflict do nothing
     returning id`,
);

type Invitation = { id: string; other: string };

// An invitation sent to `me`, locked: accepting and withdrawing it queue on its row.
export const invitationFor = preparedStatement<{ me: string; id: string }, Invitation>(
  'friends_invitation_for',
  (p) => sql`select f.id, f.invited_by as other from friend_streaks f
     where f.id = ${p.id}::uuid and f.status = 'pending' and f.invited_by <> ${p.me}::uuid
       and (f.reader_a = ${p.me}::uuid or f.reader_b = ${p.me}::uuid)
     for update`,
);

export type AcceptCheckRow = {
  blocked: boolean;
  mutual: boolean;
  mine: number;
  theirs: number;
  me_read: boolean;
  other_read: boolean;
};

const activeCount = (reader: SQLWrapper) => sql`(select count(*)::int from friend_streaks f
   where (f.reader_a = ${reader} or f.reader_b = ${reader}) and f.status = 'active' and ${unblocked})`;

// What accepting depends on, and whether each read on `today` (the streak's first day).
export const acceptCheck = preparedStatement<Pair & { today: string }, AcceptCheckRow>(
  'friends_accept_check',
  (
    p,
  ) => sql`select ${communitySql.blockedBetween(sql`${p.me}::uuid`, sql`${p.other}::uuid`)} as blocked,
     ${communitySql.mutualFollow(sql`${p.me}::uuid`, sql`${p.other}::uuid`)} as mutual,
     ${activeCount(sql`${p.me}::uuid`)} as mine,
     ${activeCount(sql`${p.other}::uuid`)} as theirs,
     ${readSince(sql`${p.me}::uuid`, sql`${p.today}::date`)} as me_read,
     ${readSince(sql`${p.other}::uuid`, sql`${p.today}::date`)} as other_read`,
);

export type Activation = {
  id: string;
  me: string;
  at: string;
  today: string;
  meRead: boolean;
  otherRead: boolean;
  current: number;
  best: number;
  freezes: number;
  judgedThrough: string;
};

export const activate = preparedStatement<Activation, { id: string }>(
  'friends_activate',
  (p) => sql`update friend_streaks f set status = 'active', accepted_at = ${p.at}::timestamptz,
     started_on = ${p.today}::date,
     a_read_on = case when (f.reader_a = ${p.me}::uuid and ${p.meRead}::boolean)
       or (f.reader_a <> ${p.me}::uuid and ${p.otherRead}::boolean) then ${p.today}::date end,
     b_read_on = case when (f.reader_b = ${p.me}::uuid and ${p.meRead}::boolean)
       or (f.reader_b <> ${p.me}::uuid and ${p.otherRead}::boolean) then ${p.today}::date end,
     current = ${p.current}::int, best = ${p.best}::int, freezes = ${p.freezes}::int,
     judged_through = ${p.judgedThrough}::date
   where f.id = ${p.id}::uuid
   returning f.id`,
);

// Declining, withdrawing or ending: the row of a friend streak of `me`, whatever its state.
export const removeStreak = preparedStatement<{ me: string; id: string }, { other: string }>(
  'friends_remove_streak',
  (p) => sql`delete from friend_streaks f
     where f.id = ${p.id}::uuid and (f.reader_a = ${p.me}::uuid or f.reader_b = ${p.me}::uuid)
     returning ${partnerOf(sql`${p.me}::uuid`)} as other`,
);

export type NudgeRow = {
  other: string;
  my_day: string | null;
  their_day: string | null;
  nudged_on: string | null;
};

// An active friend streak of `me`, locked, as a nudge reads it (nothing across a block).
export const nudgeTarget = preparedStatement<{ me: string; id: string }, NudgeRow>(
  'friends_nudge_target',
  (p) => sql`select ${partnerOf(sql`${p.me}::uuid`)} as other,
     ${ymd(sql`case when f.reader_a = ${p.me}::uuid then f.a_read_on else f.b_read_on end`)} as my_day,
     ${ymd(sql`case when f.reader_a = ${p.me}::uuid then f.b_read_on else f.a_read_on end`)} as their_day,
     ${ymd(sql`case when f.reader_a = ${p.me}::uuid then f.b_nudged_on else f.a_nudged_on end`)} as nudged_on
   from friend_streaks f
   where f.id = ${p.id}::uuid and f.status = 'active'
     and (f.reader_a = ${p.me}::uuid or f.reader_b = ${p.me}::uuid) and ${unblocked}
   for update`,
);

export const markNudged = preparedStatement<{ me: string; id: string; today: string }, never>(
  'friends_mark_nudged',
  (p) => sql`update friend_streaks f set
     a_nudged_on = case when f.reader_a = ${p.me}::uuid then f.a_nudged_on else ${p.today}::date end,
     b_nudged_on = case when f.reader_b = ${p.me}::uuid then f.b_nudged_on else ${p.today}::date end
   where f.id = ${p.id}::uuid`,
);

export type StreakRow = {
  id: string;
  status: 'pending' | 'active';
  invited_by: string;
  created_at: Date | string;
  started_on: string | null;
  current: number;
  best: number;
  freezes: number;
  judged_through: string | null;
  my_day: string | null;
  their_day: string | null;
  their_nudged_on: string | null;
  partner_id: string;
  username: string | null;
  avatar_url: string | null;
};

// Every friend streak of `me` (active and invitations), with the other reader's summary.
export const streaksOf = preparedStatement<{ me: string }, StreakRow>(
  'friends_streaks_of',
  (
    p,
  ) => sql`select f.id, f.status, f.invited_by, f.created_at, ${ymd(sql`f.started_on`)} as started_on,
     f.current, f.best, f.freezes, ${ymd(sql`f.judged_through`)} as judged_through,
     ${ymd(sql`case when f.reader_a = ${p.me}::uuid then f.a_read_on else f.b_read_on end`)} as my_day,
     ${ymd(sql`case when f.reader_a = ${p.me}::uuid then f.b_read_on else f.a_read_on end`)} as their_day,
     ${ymd(sql`case when f.reader_a = ${p.me}::uuid then f.b_nudged_on else f.a_nudged_on end`)} as their_nudged_on,
     u.id as partner_id, u.username, u.avatar_url
   from friend_streaks f
   join ${readersSql.join({ alias: 'u', id: partnerOf(sql`${p.me}::uuid`) })}
   where (f.reader_a = ${p.me}::uuid or f.reader_b = ${p.me}::uuid) and ${unblocked}
   order by f.created_at, f.id`,
);

export type PublicStreakRow = {
  current: number;
  best: number;
  freezes: number;
  judged_through: string;
  partner_id: string;
  username: string | null;
  avatar_url: string | null;
};

// A reader's active friend streaks as another reader sees them: partners hidden from the
// viewer (a block either way) are left out.
export const publicStreaksOf = preparedStatement<
  { viewer: string; reader: string },
  PublicStreakRow
>(
  'friends_public_streaks_of',
  (p) => sql`select f.current, f.best, f.freezes, ${ymd(sql`f.judged_through`)} as judged_through,
     u.id as partner_id, u.username, u.avatar_url
   from friend_streaks f
   join ${readersSql.join({ alias: 'u', id: partnerOf(sql`${p.reader}::uuid`) })}
   where (f.reader_a = ${p.reader}::uuid or f.reader_b = ${p.reader}::uuid) and f.status = 'active'
     and ${unblocked}
     and not ${communitySql.blockedBetween(sql`u.id`, sql`${p.viewer}::uuid`)}
   order by f.current desc, f.accepted_at, f.id`,
);

export type WithMeRow = {
  found: boolean;
  blocked: boolean;
  mutual: boolean;
  streak_id: string | null;
  streak_status: 'pending' | 'active' | null;
  streak_invited_by: string | null;
  current: number | null;
  best: number | null;
  freezes: number | null;
  judged_through: string | null;
  quest_id: string | null;
  quest_status: 'pending' | 'active' | null;
  quest_proposer: string | null;
};

// Where `me` stands with `other`: their follows, a friend streak and this week's quest.
export const withMe = preparedStatement<Pair & { week: string }, WithMeRow>(
  'friends_with_me',
  (p) => sql`select ${readersSql.exists(sql`${p.other}::uuid`)} as found,
     ${communitySql.blockedBetween(sql`${p.me}::uuid`, sql`${p.other}::uuid`)} as blocked,
     ${communitySql.mutualFollow(sql`${p.me}::uuid`, sql`${p.other}::uuid`)} as mutual,
     f.id as streak_id, f.status as streak_status, f.invited_by as streak_invited_by,
     f.current, f.best, f.freezes, ${ymd(sql`f.judged_through`)} as judged_through,
     q.id as quest_id, q.status as quest_status, q.proposer_id as quest_proposer
   from (select 1) one
   left join friend_streaks f on f.reader_a = least(${p.me}::uuid, ${p.other}::uuid)
     and f.reader_b = greatest(${p.me}::uuid, ${p.other}::uuid)
   left join lateral (select q.id, q.status, q.proposer_id from friend_quests q
     where q.week = ${p.week}::date
       and ((q.proposer_id = ${p.me}::uuid and q.partner_id = ${p.other}::uuid)
         or (q.proposer_id = ${p.other}::uuid and q.partner_id = ${p.me}::uuid))
     order by q.status, q.created_at limit 1) q on true`,
);

/** A validation written outside the answer path, at its instant (tests, repairs). */
export const afterReading = preparedStatement<{ readerId: string; at: string }, FriendColumns>(
  'friends_after_reading',
  (p) => sql`with fr_v as (select ${p.at}::timestamptz as validated_at),
     ${friendsSql.afterValidation({ readerId: sql`${p.readerId}::uuid`, validations: sql`fr_v` })}
   select ${friendsSql.afterValidationColumns()}`,
);
