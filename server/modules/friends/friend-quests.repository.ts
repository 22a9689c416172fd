import { type SQLWrapper, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import { communitySql } from '../community';

// The weekly friend quest's statements (decision 055); the friend streaks' are in
// friends.repository.ts.

type Pair = { me: string; other: string };
type Invitation = { id: string; other: string };

export type QuestRow = {
  id: string;
  status: 'pending' | 'active';
  proposer_id: string;
  target: number;
  done: number;
  xp: number;
  created_at: Date | string;
  completed_at: Date | string | null;
  partner_id: string;
  username: string | null;
  avatar_url: string | null;
};

const questPartner = (me: SQLWrapper) =>
  sql`case when q.proposer_id = ${me} then q.partner_id else q.proposer_id end`;
const questUnblocked = sql`not ${communitySql.blockedBetween(sql`q.proposer_id`, sql`q.partner_id`)}`;

// The friend quests of `me` for a week (the active one and invitations), with the other reader.
export const questsOf = preparedStatement<{ me: string; week: string }, QuestRow>(
  'friends_quests_of',
  (
    p,
  ) => sql`select q.id, q.status, q.proposer_id, q.target, q.done, q.xp, q.created_at, q.completed_at,
     u.id as partner_id, u.username, u.avatar_url
   from friend_quests q
   join ${readersSql.join({ alias: 'u', id: questPartner(sql`${p.me}::uuid`) })}
   where (q.proposer_id = ${p.me}::uuid or q.partner_id = ${p.me}::uuid)
     and q.week = ${p.week}::date and ${questUnblocked}
   order by q.created_at, q.id`,
);

export type QuestCheckRow = {
  found: boolean;
  blocked: boolean;
  mutual: boolean;
  mine_this_week: boolean;
  theirs_this_week: boolean;
  pending: 'sent' | 'received' | null;
};

const memberOn = (reader: SQLWrapper, week: SQLWrapper) =>
  sql<boolean>`exists (select 1 from friend_quest_members where reader_id = ${reader} and week = ${week})`;

// Everything proposing this week's friend quest depends on.
export const questCheck = preparedStatement<Pair & { week: string }, QuestCheckRow>(
  'friends_quest_check',
  (p) => sql`select ${readersSql.exists(sql`${p.other}::uuid`)} as found,
     ${communitySql.blockedBetween(sql`${p.me}::uuid`, sql`${p.other}::uuid`)} as blocked,
     ${communitySql.mutualFollow(sql`${p.me}::uuid`, sql`${p.other}::uuid`)} as mutual,
     ${memberOn(sql`${p.me}::uuid`, sql`${p.week}::date`)} as mine_this_week,
     ${memberOn(sql`${p.other}::uuid`, sql`${p.week}::date`)} as theirs_this_week,
     (select case when q.proposer_id = ${p.me}::uuid then 'sent' else 'received' end
        from friend_quests q
        where q.week = ${p.week}::date and q.status = 'pending'
          and ((q.proposer_id = ${p.me}::uuid and q.partner_id = ${p.other}::uuid)
            or (q.proposer_id = ${p.other}::uuid and q.partner_id = ${p.me}::uuid))
        limit 1) as pending`,
);

export const insertQuest = preparedStatement<
  Pair & { week: string; target: number; xp: number },
  { id: string }
>(
  'friends_insert_quest',
  (p) => sql`insert into friend_quests (week, proposer_id, partner_id, target, xp)
     values (${p.week}::date, ${p.me}::uuid, ${p.other}::uuid, ${p.target}::int, ${p.xp}::int)
     on conflict do nothing
     returning id`,
);

// A quest invitation to `me` for `week`, locked.
export const questInvitationFor = preparedStatement<
  { me: string; id: string; week: string },
  Invitation
>(
  'friends_quest_invitation_for',
  (p) => sql`select q.id, q.proposer_id as other from friend_quests q
     where q.id = ${p.id}::uuid and q.partner_id = ${p.me}::uuid and q.status = 'pending'
       and q.week = ${p.week}::date
     for update`,
);

// The two readers join the quest of the week; a reader already in one this week makes the
// insert of their row do nothing (the primary key), and the caller refuses.
export const joinQuest = preparedStatement<
  Pair & { id: string; week: string },
  { reader_id: string }
>(
  'friends_join_quest',
  (p) => sql`insert into friend_quest_members (reader_id, week, quest_id)
     values (${p.me}::uuid, ${p.week}::date, ${p.id}::uuid), (${p.other}::uuid, ${p.week}::date, ${p.id}::uuid)
     on conflict do nothing
     returning reader_id`,
);

// The quest starts; the two readers' other invitations of the week go (neither may take another).
export const startQuest = preparedStatement<Pair & { id: string; week: string; at: string }, never>(
  'friends_start_quest',
  (p) => sql`with started as (
       update friend_quests set status = 'active', accepted_at = ${p.at}::timestamptz
       where id = ${p.id}::uuid returning id)
     delete from friend_quests q
     where q.week = ${p.week}::date and q.status = 'pending' and q.id <> ${p.id}::uuid
       and (q.proposer_id in (${p.me}::uuid, ${p.other}::uuid) or q.partner_id in (${p.me}::uuid, ${p.other}::uuid))`,
);

// Declining or withdrawing an invitation; a quest already under way stays (`active` says so).
export const removeQuestInvitation = preparedStatement<
  { me: string; id: string },
  { removed: boolean; active: boolean }
>(
  'friends_remove_quest_invitation',
  (p) => sql`with mine as (
       select q.id, q.status from friend_quests q
       where q.id = ${p.id}::uuid and (q.proposer_id = ${p.me}::uuid or q.partner_id = ${p.me}::uuid)),
     removed as (
       delete from friend_quests q using mine where q.id = mine.id and mine.status = 'pending'
       returning q.id)
     select exists (select 1 from removed) as removed,
       exists (select 1 from mine where status = 'active') as active`,
);
