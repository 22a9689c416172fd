import {
  FRIEND_QUEST_TARGET,
  FRIEND_QUEST_XP,
  type FriendStreakState,
  friendDayOf,
  friendStreakOn,
  MAX_FRIEND_STREAKS,
  weekOf,
} from '../../../domain/friends';
import type {
  FriendInvitation,
  FriendsOverview,
  ReaderFriends,
} from '../../../domain/friends.schemas';
import { friendsMessages as m } from '../../../domain/messages/friends';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type QuestRow, questsOf } from './friend-quests.repository';
import { publicStreaksOf, type StreakRow, streaksOf, withMe } from './friends.repository';

// What the friends pages read (decision 055): never cached, always the rows as they are, each
// streak shown as of the request's Paris day (friendStreakOn: the days the nightly job has
// not judged yet are judged here too, so a page never shows a streak that ended).

const iso = (value: Date | string) => new Date(value).toISOString();
const summary = (row: {
  partner_id: string;
  username: string | null;
  avatar_url: string | null;
}) => ({
  id: row.partner_id,
  username: row.username,
  avatarUrl: row.avatar_url,
});

type Figures = { current: number; best: number; freezes: number; judged_through: string | null };

/** The streak's figures on `today`. */
function shown(row: Figures, today: string): FriendStreakState {
  const state = {
    current: Number(row.current),
    best: Number(row.best),
    freezes: Number(row.freezes),
    judgedThrough: row.judged_through ?? today,
  };
  return friendStreakOn(state, today);
}

const invitation = (row: StreakRow | QuestRow): FriendInvitation => ({
  id: row.id,
  reader: summary(row),
  createdAt: iso(row.created_at),
});

/** GET /api/me/friends: my friend streaks and invitations, and this week's friend quest. */
export async function friendsOverview(
  db: Db,
  me: string,
  now = new Date(),
): Promise<FriendsOverview> {
  const today = friendDayOf(now);
  const week = weekOf(today);
  const [streakRows, questRows] = await Promise.all([
    streaksOf(db, { me }),
    questsOf(db, { me, week }),
  ]);
  const active = streakRows.filter((row) => row.status === 'active');
  const pending = streakRows.filter((row) => row.status === 'pending');
  const sent = pending.filter((row) => row.invited_by === me);
  const quest = questRows.find((row) => row.status === 'active') ?? null;
  const questPending = questRows.filter((row) => row.status === 'pending');
  return {
    today,
    maxStreaks: MAX_FRIEND_STREAKS,
    used: active.length + sent.length,
    streaks: active
      .map((row) => {
        const state = shown(row, today);
        const meReadToday = row.my_day === today;
        const partnerReadToday = row.their_day === today;
        const nudgedToday = row.their_nudged_on === today;
        return {
          id: row.id,
          partner: summary(row),
          current: state.current,
          best: state.best,
          freezes: state.freezes,
          startedOn: row.started_on ?? today,
          meReadToday,
          partnerReadToday,
          nudgedToday,
          canNudge: meReadToday && !partnerReadToday && !nudgedToday,
        };
      })
      .sort((a, b) => b.current - a.current),
    received: pending.filter((row) => row.invited_by !== me).map(invitation),
    sent: sent.map(invitation),
    quest: {
      week,
      target: FRIEND_QUEST_TARGET,
      xp: FRIEND_QUEST_XP,
      active: quest && {
        id: quest.id,
        partner: summary(quest),
        done: Number(quest.done),
        target: Number(quest.target),
        xp: Number(quest.xp),
        completedAt: quest.completed_at ? iso(quest.completed_at) : null,
      },
      received: quest ? [] : questPending.filter((row) => row.proposer_id !== me).map(invitation),
      sent: quest ? [] : questPending.filter((row) => row.proposer_id === me).map(invitation),
    },
  };
}

/**
 * GET /api/readers/:id/friends: a reader's active friend streaks (partners hidden from the
 * viewer left out) and, on another reader's profile, where the viewer stands with them.
 */
export async function readerFriends(
  db: Db,
  viewer: string,
  reader: string,
  now = new Date(),
): Promise<ReaderFriends> {
  const today = friendDayOf(now);
  const own = viewer === reader;
  const [rows, relation] = await Promise.all([
    publicStreaksOf(db, { viewer, reader }),
    own ? null : withMe(db, { me: viewer, other: reader, week: weekOf(today) }),
  ]);
  const mine = relation?.[0];
  if (!own && !mine?.found) throw new AppError('NOT_FOUND', m.readerNotFound);
  // A block either way: nothing of the two readers' friends is shown to the other.
  if (mine?.blocked) return { streaks: [], withMe: null };
  const status = (state: 'pending' | 'active', by: string | null) =>
    state === 'active'
      ? ('active' as const)
      : by === viewer
        ? ('sent' as const)
        : ('received' as const);
  return {
    streaks: rows.map((row) => ({ partner: summary(row), current: shown(row, today).current })),
    withMe: mine
      ? {
          mutual: Boolean(mine.mutual),
          streak:
            mine.streak_id && mine.streak_status
              ? {
                  id: mine.streak_id,
                  status: status(mine.streak_status, mine.streak_invited_by),
                  current:
                    mine.streak_status === 'active'
                      ? shown(
                          {
                            current: Number(mine.current),
                            best: Number(mine.best),
                            freezes: Number(mine.freezes),
                            judged_through: mine.judged_through,
                          },
                          today,
                        ).current
                      : 0,
                }
              : null,
          quest:
            mine.quest_id && mine.quest_status
              ? { id: mine.quest_id, status: status(mine.quest_status, mine.quest_proposer) }
              : null,
        }
      : null,
  };
}
