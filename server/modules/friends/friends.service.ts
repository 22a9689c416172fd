import { sql } from 'drizzle-orm';
import {
  acceptStreakRefusal,
  FRIEND_QUEST_TARGET,
  FRIEND_QUEST_XP,
  type FriendRefusal,
  friendDayOf,
  newFriendStreak,
  nudgeRefusal,
  shareDay,
  startQuestRefusal,
  startStreakRefusal,
  weekOf,
} from '../../../domain/friends';
import type { FriendInvitationResult } from '../../../domain/friends.schemas';
import { friendsMessages as m } from '../../../domain/messages/friends';
import type { Db } from '../../db/client';
import { type Executor, preparedStatement } from '../../db/prepared-statement';
import { AppError } from '../../errors';
import { lockReaderPair } from '../community';
import { type NewNotification, type NotifyExecutor, notify } from '../notifications';
import {
  insertQuest,
  joinQuest,
  questCheck,
  questInvitationFor,
  removeQuestInvitation,
  startQuest,
} from './friend-quests.repository';
import {
  acceptCheck,
  activate,
  afterReading,
  insertInvitation,
  invitationFor,
  markNudged,
  nudgeTarget,
  removeStreak,
  startCheck,
} from './friends.repository';

// Friend streaks and friend quests, one transaction per write (decision 055). Each write that
// depends on the two readers' follows takes the community's lock on the pair first (a follow
// or a block of the same two queues with it), then this module's lock on each reader (ids in
// order), so that two invitations accepted at once never give a reader a sixth friend streak.

type Pair = { me: string; other: string };
type Tx = NotifyExecutor & Executor;

const readerLocks = preparedStatement<Pair, never>(
  'friends_reader_locks',
  (p) => sql`select pg_advisory_xact_lock(hashtextextended('friends:' || r, 55))
     from unnest(array[${p.me}::text, ${p.other}::text]) r order by r`,
);

async function lockPair(tx: Tx, pair: Pair): Promise<void> {
  await lockReaderPair(tx, pair);
  await readerLocks(tx, pair);
}

function refuse(refusal: FriendRefusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

const tell = (tx: Tx, item: NewNotification) => notify(tx, [item]);

/** The friends module's writes; `now` is the request's instant (its Paris day and week). */
export function createFriendsService({ db }: { db: Db }) {
  return {
    /** `me` invites `other` to a friend streak: both follow each other, five at most each. */
    async invite(pair: Pair, now = new Date()): Promise<FriendInvitationResult> {
      return db.transaction(async (tx) => {
        if (pair.me !== pair.other) await lockPair(tx, pair);
        const [check] = await startCheck(tx, pair);
        refuse(
          startStreakRefusal({
            self: pair.me === pair.other,
            found: Boolean(check?.found),
            blocked: Boolean(check?.blocked),
            mutual: Boolean(check?.mutual),
            existing: check?.existing ?? null,
            mine: Number(check?.mine ?? 0),
            theirs: Number(check?.theirs ?? 0),
          }),
        );
        const [row] = await insertInvitation(tx, pair);
        if (!row) throw new AppError('CONFLICT', m.streakInvitationPending);
        await tell(tx, {
          recipientId: pair.other,
          actorId: pair.me,
          type: 'friend_streak_invite',
          meta: { day: friendDayOf(now) },
          dedupeKey: `friend-streak-invite:${row.id}`,
        });
        return { id: row.id, status: 'pending' };
      });
    },

    /**
     * `me` accepts an invitation sent to them: the streak starts on today's Paris day, already
     * at 1 when both validated a segment today.
     */
    async accept(me: string, id: string, now = new Date()): Promise<FriendInvitationResult> {
      const today = friendDayOf(now);
      return db.transaction(async (tx) => {
        const [invitation] = await invitationFor(tx, { me, id });
        if (!invitation) throw new AppError('NOT_FOUND', m.invitationNotFound);
        const pair = { me, other: invitation.other };
        await lockPair(tx, pair);
        const [check] = await acceptCheck(tx, { ...pair, today });
        refuse(
          acceptStreakRefusal({
            blocked: Boolean(check?.blocked),
            mutual: Boolean(check?.mutual),
            mine: Number(check?.mine ?? 0),
            theirs: Number(check?.theirs ?? 0),
          }),
        );
        const meRead = Boolean(check?.me_read);
        const otherRead = Boolean(check?.other_read);
        const start = newFriendStreak(today);
        const state = meRead && otherRead ? shareDay(start, today) : start;
        await activate(tx, { id, me, at: now.toISOString(), today, meRead, otherRead, ...state });
        await tell(tx, {
          recipientId: pair.other,
          actorId: me,
          type: 'friend_streak_accepted',
          meta: { day: today },
          dedupeKey: `friend-streak-accepted:${id}`,
        });
        return { id, status: 'active' };
      });
    },

    /** Declines, withdraws or ends a friend streak of `me`; someone else's is not found. */
    async remove(me: string, id: string): Promise<void> {
      const [row] = await removeStreak(db, { me, id });
      if (!row) throw new AppError('NOT_FOUND', m.streakNotFound);
    },

    /**
     * « <nom> a déjà lu aujourd'hui »: `me` read today, their friend has not; once a day.
     * The friend is told, in their notifications and live.
     */
    async nudge(me: string, id: string, now = new Date()): Promise<{ nudgedOn: string }> {
      const today = friendDayOf(now);
      return db.transaction(async (tx) => {
        const [row] = await nudgeTarget(tx, { me, id });
        if (!row) throw new AppError('NOT_FOUND', m.streakNotFound);
        refuse(
          nudgeRefusal({
            today,
            myDay: row.my_day,
            theirDay: row.their_day,
            nudgedOn: row.nudged_on,
          }),
        );
        await markNudged(tx, { me, id, today });
        await tell(tx, {
          recipientId: row.other,
          actorId: me,
          type: 'friend_streak_nudge',
          meta: { day: today },
          dedupeKey: `friend-streak-nudge:${id}:${today}`,
        });
        return { nudgedOn: today };
      });
    },

    /** `me` proposes this week's friend quest to `other`. */
    async proposeQuest(pair: Pair, now = new Date()): Promise<FriendInvitationResult> {
      const week = weekOf(friendDayOf(now));
      return db.transaction(async (tx) => {
        if (pair.me !== pair.other) await lockPair(tx, pair);
        const [check] = await questCheck(tx, { ...pair, week });
        refuse(
          startQuestRefusal({
            self: pair.me === pair.other,
            found: Boolean(check?.found),
            blocked: Boolean(check?.blocked),
            mutual: Boolean(check?.mutual),
            mineThisWeek: Boolean(check?.mine_this_week),
            theirsThisWeek: Boolean(check?.theirs_this_week),
            pending: check?.pending ?? null,
          }),
        );
        const [row] = await insertQuest(tx, {
          ...pair,
          week,
          target: FRIEND_QUEST_TARGET,
          xp: FRIEND_QUEST_XP,
        });
        // The same two readers, the same week, a quest declined before: one proposal a week.
        if (!row) throw new AppError('CONFLICT', m.questInvitationPending);
        await tell(tx, {
          recipientId: pair.other,
          actorId: pair.me,
          type: 'friend_quest_invite',
          meta: { week },
          dedupeKey: `friend-quest-invite:${row.id}`,
        });
        return { id: row.id, status: 'pending' };
      });
    },

    /** `me` accepts this week's quest proposed to them: it counts from now to Sunday night. */
    async acceptQuest(me: string, id: string, now = new Date()): Promise<FriendInvitationResult> {
      const week = weekOf(friendDayOf(now));
      return db.transaction(async (tx) => {
        const [invitation] = await questInvitationFor(tx, { me, id, week });
        if (!invitation) throw new AppError('NOT_FOUND', m.invitationNotFound);
        const pair = { me, other: invitation.other };
        await lockPair(tx, pair);
        const [check] = await questCheck(tx, { ...pair, week });
        refuse(
          startQuestRefusal({
            self: false,
            found: Boolean(check?.found),
            blocked: Boolean(check?.blocked),
            mutual: Boolean(check?.mutual),
            mineThisWeek: Boolean(check?.mine_this_week),
            theirsThisWeek: Boolean(check?.theirs_this_week),
            pending: null,
          }),
        );
        const joined = await joinQuest(tx, { ...pair, id, week });
        // Both rows or neither: the check ran under the locks, so this is only a safeguard.
        if (joined.length !== 2) throw new AppError('CONFLICT', m.questMineThisWeek);
        await startQuest(tx, { ...pair, id, week, at: now.toISOString() });
        return { id, status: 'active' };
      });
    },

    /** Declines or withdraws a quest invitation; a quest under way runs to Sunday night. */
    async removeQuest(me: string, id: string): Promise<void> {
      const [row] = await removeQuestInvitation(db, { me, id });
      if (row?.active) throw new AppError('CONFLICT', m.questStarted);
      if (!row?.removed) throw new AppError('NOT_FOUND', m.questNotFound);
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;

/**
 * Tells both readers of a friend quest just met by `readerId`'s validation, in its
 * transaction (the XP is already in the ledger).
 */
export async function tellFriendQuestMet(
  tx: NotifyExecutor,
  readerId: string,
  quest: { id: string; partnerId: string; xp: number },
): Promise<void> {
  const item = (recipientId: string, actorId: string): NewNotification => ({
    recipientId,
    actorId,
    type: 'friend_quest_done',
    meta: { xp: quest.xp },
    dedupeKey: `friend-quest-done:${quest.id}`,
  });
  await notify(tx, [item(readerId, quest.partnerId), item(quest.partnerId, readerId)]);
}

/**
 * What a validation written outside the answer's statement does for friends (an import, a
 * sync from another app): the same CTEs as the answer's (friends.sql.ts), at its instant, in
 * the caller's transaction; a friend quest it meets is told. Answers the XP it paid the reader.
 */
export async function recordFriendReading(
  tx: NotifyExecutor,
  { readerId, at }: { readerId: string; at: Date },
): Promise<number> {
  const [row] = await afterReading(tx, { readerId, at: at.toISOString() });
  const quest =
    typeof row?.friend_quest === 'string' ? JSON.parse(row.friend_quest) : row?.friend_quest;
  if (quest) await tellFriendQuestMet(tx, readerId, quest);
  return Number(row?.friend_xp ?? 0);
}
