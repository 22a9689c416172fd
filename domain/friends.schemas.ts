import { z } from 'zod';
import { readerSummarySchema } from './community.schemas';
import { friendsMessages as m } from './messages/friends';

// The friend streaks' and friend quest's contracts (decision 055).

const day = z.string().describe('Un jour de Paris, AAAA-MM-JJ');

export const friendStreakParamsSchema = z.object({
  id: z.uuid({ error: m.streakNotFound }),
});

export const friendQuestParamsSchema = z.object({
  id: z.uuid({ error: m.questNotFound }),
});

export const friendReaderParamsSchema = z.object({
  id: z.uuid({ error: m.readerNotFound }),
});

/** POST /api/friend-streaks and /api/friend-quests: the friend invited. */
export const friendInviteSchema = z.strictObject({
  readerId: z.uuid({ error: m.invalidReader }),
});

/** One of my active friend streaks, as shown on the day `today` of the overview. */
export const friendStreakSchema = z.object({
  id: z.string(),
  partner: readerSummarySchema,
  current: z.number().int().min(0),
  best: z.number().int().min(0),
  freezes: z.number().int().min(0),
  startedOn: day,
  meReadToday: z.boolean(),
  partnerReadToday: z.boolean(),
  /** I nudged my friend today already. */
  nudgedToday: z.boolean(),
  /** I read today, my friend has not and was not nudged by me yet: « Relancer » is offered. */
  canNudge: z.boolean(),
});
export type FriendStreak = z.infer<typeof friendStreakSchema>;

/** An invitation, to a friend streak or to this week's friend quest. */
export const friendInvitationSchema = z.object({
  id: z.string(),
  reader: readerSummarySchema.describe("L'autre lecteur : qui m'invite, ou que j'invite"),
  createdAt: z.string(),
});
export type FriendInvitation = z.infer<typeof friendInvitationSchema>;

/** This week's friend quest, when I have one. */
export const activeFriendQuestSchema = z.object({
  id: z.string(),
  partner: readerSummarySchema,
  done: z.number().int().min(0),
  target: z.number().int().min(1),
  xp: z.number().int().min(0),
  completedAt: z.string().nullable(),
});
export type ActiveFriendQuest = z.infer<typeof activeFriendQuestSchema>;

/** GET /api/me/friends: my friend streaks, invitations and this week's friend quest. */
export const friendsOverviewSchema = z.object({
  today: day,
  maxStreaks: z.number().int(),
  /** My active friend streaks and invitations I sent: what counts towards maxStreaks. */
  used: z.number().int().min(0),
  streaks: z.array(friendStreakSchema),
  received: z.array(friendInvitationSchema),
  sent: z.array(friendInvitationSchema),
  quest: z.object({
    week: day.describe('Le lundi de la semaine'),
    target: z.number().int(),
    xp: z.number().int(),
    active: activeFriendQuestSchema.nullable(),
    received: z.array(friendInvitationSchema),
    sent: z.array(friendInvitationSchema),
  }),
});
export type FriendsOverview = z.infer<typeof friendsOverviewSchema>;

/** Where I stand with a reader: a streak or a quest, active or invited either way. */
const withMeStatus = z.enum(['active', 'sent', 'received']);

/** GET /api/readers/:id/friends: a reader's friend streaks, and mine with them. */
export const readerFriendsSchema = z.object({
  streaks: z.array(z.object({ partner: readerSummarySchema, current: z.number().int().min(0) })),
  /** Null on my own profile. */
  withMe: z
    .object({
      mutual: z.boolean().describe("Chacun suit l'autre"),
      streak: z
        .object({ id: z.string(), status: withMeStatus, current: z.number().int().min(0) })
        .nullable(),
      quest: z.object({ id: z.string(), status: withMeStatus }).nullable(),
    })
    .nullable(),
});
export type ReaderFriends = z.infer<typeof readerFriendsSchema>;

/** What an invitation answers: the new row's id and state. */
export const friendInvitationResultSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'active']),
});
export type FriendInvitationResult = z.infer<typeof friendInvitationResultSchema>;

/** What a nudge answers: the day it was sent. */
export const friendNudgeResultSchema = z.object({ nudgedOn: day });
