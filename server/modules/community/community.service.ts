import { sql } from 'drizzle-orm';
import type { FollowState } from '../../../domain/community.schemas';
import { accountMessages } from '../../../domain/messages/accounts';
import { communityMessages as m } from '../../../domain/messages/community';
import type { Db } from '../../db/client';
import { type Executor, type Params, preparedStatement } from '../../db/prepared-statement';
import { AppError } from '../../errors';
import { readersSql } from '../auth';
import { forgetNotificationsBetween, type NotifyExecutor, notify } from '../notifications';
import { hiddenFrom } from './community.repository';

// Follows and blocks: each write is one function here, in one transaction. A follow and a
// block of the same two readers take the same lock first, so they queue: a follow racing a
// block can never leave "follows and blocked" behind (decision 014).

type Pair = { me: string; other: string };

// A transaction-level advisory lock on the pair, whichever of the two asks (ids sorted).
const pairLock = preparedStatement<Pair, never>(
  'community_pair_lock',
  (p) => sql`select pg_advisory_xact_lock(hashtextextended(
     least(${p.me}::text, ${p.other}::text) || ':' || greatest(${p.me}::text, ${p.other}::text), 14))`,
);

// The reader `other`, if they exist.
const target = (p: Params<Pair>) =>
  sql`target as (select ${p.other}::uuid as id where ${readersSql.exists(sql`${p.other}::uuid`)})`;

// The target's followers as the viewer `me` counts them (readers hidden from them left out).
const followersOf = (
  p: Params<Pair>,
) => sql`(select count(*)::int from follows f where f.following_id = ${p.other}::uuid
   and not exists (select 1 from (${hiddenFrom(sql`${p.me}::uuid`)}) h where h.id = f.follower_id))`;

// `me` follows `other`. Read after the pair lock: a new snapshot sees any block committed
// while we waited. The count is the snapshot's, so without the row just written.
const followStatement = preparedStatement<
  Pair,
  {
    found: boolean;
    blocked: boolean;
    inserted: number;
    followers: number;
  }
>(
  'community_follow',
  (p) => sql`with ${target(p)},
   blocked as (select 1 from blocks
     where (blocker_id = ${p.me}::uuid and blocked_id = ${p.other}::uuid)
        or (blocker_id = ${p.other}::uuid and blocked_id = ${p.me}::uuid)),
   ins as (
     insert into follows (follower_id, following_id)
     select ${p.me}::uuid, t.id from target t where not exists (select 1 from blocked)
     on conflict do nothing
     returning 1)
   select exists (select 1 from target) as found, exists (select 1 from blocked) as blocked,
     (select count(*)::int from ins) as inserted, ${followersOf(p)} as followers`,
);

const unfollowStatement = preparedStatement<
  Pair,
  { found: boolean; deleted: number; followers: number }
>(
  'community_unfollow',
  (p) => sql`with ${target(p)},
   del as (delete from follows where follower_id = ${p.me}::uuid and following_id = ${p.other}::uuid returning 1)
   select exists (select 1 from target) as found, (select count(*)::int from del) as deleted,
     ${followersOf(p)} as followers`,
);

// `me` blocks `other`: the block, and the end of any follow between the two.
const blockStatement = preparedStatement<Pair, { found: boolean }>(
  'community_block',
  (p) => sql`with ${target(p)},
   ins as (
     insert into blocks (blocker_id, blocked_id) select ${p.me}::uuid, t.id from target t
     on conflict do nothing
     returning 1),
   unfollowed as (
     delete from follows
     where ((follower_id = ${p.me}::uuid and following_id = ${p.other}::uuid)
         or (follower_id = ${p.other}::uuid and following_id = ${p.me}::uuid))
       and exists (select 1 from target)
     returning 1)
   select exists (select 1 from target) as found`,
);

const unblockStatement = preparedStatement<Pair, { found: boolean }>(
  'community_unblock',
  (p) => sql`with ${target(p)},
   del as (delete from blocks where blocker_id = ${p.me}::uuid and blocked_id = ${p.other}::uuid returning 1)
   select exists (select 1 from target) as found`,
);

function refuseSelf({ me, other }: Pair, message: string) {
  if (me === other) throw new AppError('VALIDATION_ERROR', message);
}

const notFound = () => new AppError('NOT_FOUND', accountMessages.profileNotFound);

/**
 * Takes the lock a follow and a block of these two readers take, in the caller's transaction:
 * another module's write that depends on their follows (a friend streak, decision 055) then
 * queues with them, and reads them settled.
 */
export async function lockReaderPair(tx: Executor, pair: Pair): Promise<void> {
  await pairLock(tx, pair);
}

async function underPairLock<T>(db: Db, pair: Pair, work: (tx: NotifyExecutor) => Promise<T>) {
  return db.transaction(async (tx) => {
    await pairLock(tx, pair);
    return work(tx);
  });
}

export function createCommunityService({ db }: { db: Db }) {
  return {
    /** `me` follows `other` (again: nothing changes); refused on oneself and across a block. */
    async follow(pair: Pair): Promise<FollowState> {
      refuseSelf(pair, m.followSelf);
      const row = await underPairLock(db, pair, async (tx) => {
        const [result] = await followStatement(tx, pair);
        // A new follow (not a repeat, never across a block) tells the reader followed, once.
        if (Number(result?.inserted) > 0) {
          await notify(tx, [
            {
              recipientId: pair.other,
              actorId: pair.me,
              type: 'new_follower',
              dedupeKey: `follow:${pair.me}`,
            },
          ]);
        }
        return result;
      });
      if (!row?.found) throw notFound();
      if (row.blocked) throw new AppError('FORBIDDEN', m.followBlocked);
      return { following: true, followers: Number(row.followers) + Number(row.inserted) };
    },

    /** `me` stops following `other` (not following already: nothing changes). */
    async unfollow(pair: Pair): Promise<FollowState> {
      refuseSelf(pair, m.followSelf);
      const [row] = await unfollowStatement(db, pair);
      if (!row?.found) throw notFound();
      return { following: false, followers: Number(row.followers) - Number(row.deleted) };
    },

    /**
     * `me` blocks `other`: no follow remains either way, none can be made, and neither keeps
     * a notification the other caused. No event.
     */
    async block(pair: Pair): Promise<{ blocked: boolean }> {
      refuseSelf(pair, m.blockSelf);
      const row = await underPairLock(db, pair, async (tx) => {
        const [result] = await blockStatement(tx, pair);
        // Nothing either caused the other to be told stays in their notifications.
        if (result?.found) await forgetNotificationsBetween(tx, pair.me, pair.other);
        return result;
      });
      if (!row?.found) throw notFound();
      return { blocked: true };
    },

    /** `me` lifts their block on `other` (a block by `other` stays). */
    async unblock(pair: Pair): Promise<{ blocked: boolean }> {
      refuseSelf(pair, m.blockSelf);
      const [row] = await unblockStatement(db, pair);
      if (!row?.found) throw notFound();
      return { blocked: false };
    },
  };
}
