import { randomBytes } from 'node:crypto';
import { displayName } from '../../../domain/accounts';
import {
  CIRCLE_MAX_MEMBERS,
  type CircleRhythm,
  circleDay,
  circleJoinPath,
  circleSchedule,
  circleStanding,
  nextDue,
  segmentsOverdue,
  startDayProblem,
} from '../../../domain/circles';
import type {
  CircleCreated,
  CirclePage,
  CreateCircleBody,
  InvitationPreview,
  MyCircles,
} from '../../../domain/circles.schemas';
import type { ReaderSummary } from '../../../domain/community.schemas';
import { circleNotices, circleMessages as m } from '../../../domain/messages/circles';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findBookSummary } from '../books';
import { hiddenReaderIds, readerRelation } from '../community';
import { notify } from '../notifications';
import { addToList } from '../reading';
import { type CircleRow, type Executor, circlesRepository as repo } from './circles.repository';

// Reading circles (docs/architecture.md#reading-circles, decision 056): every rule is decided
// here, in the transaction that writes. A circle is seen by its members only: to anyone else
// (administrators included) it does not exist, and every refusal changes nothing.

/** An invitation code: 16 random bytes, base64url (22 characters): not guessable. */
export const newInviteCode = () => randomBytes(16).toString('base64url');

const notFound = () => new AppError('NOT_FOUND', m.notFound);

const rhythmOf = (circle: CircleRow): CircleRhythm => ({
  startDay: circle.startDay,
  paceDays: circle.paceDays,
  expectedSegments: circle.book.expectedSegments,
});

/** A circle's fields every member (and a reader holding its link) may read. */
function circleView(circle: CircleRow, creator: ReaderSummary | null) {
  return {
    id: circle.id,
    name: circle.name,
    startDay: circle.startDay,
    paceDays: circle.paceDays,
    closedAt: circle.closedAt?.toISOString() ?? null,
    memberCount: circle.memberCount,
    maxMembers: CIRCLE_MAX_MEMBERS,
    creator,
  };
}

const scheduleOf = (circle: CircleRow) =>
  circleSchedule({ ...rhythmOf(circle), totalPages: circle.book.totalPages });

export function createCirclesService({
  db,
  clock = () => new Date(),
}: {
  db: Db;
  clock?: () => Date;
}) {
  /** The circle, for one of its members (removed ones are not); else 404. */
  async function forMember(tx: Executor, circleId: string, readerId: string, lock = false) {
    const circle = await repo.byId(tx, circleId, lock);
    if (!circle) throw notFound();
    const membership = await repo.membership(tx, circleId, readerId);
    if (!membership || membership.removedAt) throw notFound();
    return { circle, membership };
  }

  /** As forMember, for the circle's creator only (403 for its other members). */
  async function forCreator(tx: Executor, circleId: string, readerId: string) {
    const found = await forMember(tx, circleId, readerId, true);
    if (found.circle.creatorId !== readerId) throw new AppError('FORBIDDEN', m.creatorOnly);
    return found;
  }

  return {
    /** The reader's circles, oldest first, each with where they stand today. */
    async mine(readerId: string): Promise<MyCircles> {
      const rows = await repo.ofReader(db, readerId);
      const creators = await repo.readers(db, [...new Set(rows.map((r) => r.creatorId))]);
      const today = circleDay(clock());
      return {
        items: rows.map((row) => ({
          ...circleView(row, creators.get(row.creatorId) ?? null),
          book: row.book,
          isCreator: row.creatorId === readerId,
          validated: Math.min(row.validated, row.book.expectedSegments),
          standing: circleStanding(rhythmOf(row), { validated: row.validated, today }),
          nextDue: nextDue(rhythmOf(row), today),
        })),
      };
    },

    /**
     * The circle's page: schedule, members and where each stands, my settings; the
     * invitation code for its creator only. Readers hidden from me by a block are left out.
     */
    async page(readerId: string, circleId: string): Promise<CirclePage> {
      const { circle, membership } = await forMember(db, circleId, readerId);
      const [members, hidden] = await Promise.all([
        repo.members(db, circleId),
        hiddenReaderIds(db, readerId),
      ]);
      const today = circleDay(clock());
      const rhythm = rhythmOf(circle);
      const creator = members.find((x) => x.reader.id === circle.creatorId)?.reader ?? null;
      const mine = members.find((x) => x.reader.id === readerId)?.validated ?? 0;
      const isCreator = circle.creatorId === readerId;
      return {
        circle: {
          ...circleView(circle, creator && !hidden.includes(creator.id) ? creator : null),
          isCreator,
          inviteCode: isCreator ? circle.inviteCode : null,
        },
        book: circle.book,
        today,
        overdue: segmentsOverdue(rhythm, today),
        schedule: scheduleOf(circle),
        members: members
          .filter((x) => !hidden.includes(x.reader.id))
          .map((x) => ({
            reader: x.reader,
            isCreator: x.reader.id === circle.creatorId,
            joinedAt: x.joinedAt.toISOString(),
            validated: Math.min(x.validated, rhythm.expectedSegments),
            standing: circleStanding(rhythm, { validated: x.validated, today }),
          })),
        me: {
          validated: Math.min(mine, rhythm.expectedSegments),
          standing: circleStanding(rhythm, { validated: mine, today }),
          emailReminders: membership.emailReminders,
        },
      };
    },

    /**
     * Starts a circle on a published book, from today (Paris) to 90 days ahead: its creator
     * is its first member, and the book joins their list.
     */
    async create(readerId: string, body: CreateCircleBody): Promise<CircleCreated> {
      const problem = startDayProblem(body.startDay, circleDay(clock()));
      if (problem === 'past') throw new AppError('VALIDATION_ERROR', m.startDayPast);
      if (problem === 'tooFar') throw new AppError('VALIDATION_ERROR', m.startDayTooFar);
      const book = await findBookSummary(db, body.bookId);
      if (!book) throw new AppError('NOT_FOUND', m.bookNotFound);
      if (!book.isPublished) throw new AppError('BOOK_UNAVAILABLE', m.bookUnavailable);
      const name = body.name;
      const id = await db.transaction(async (tx) => {
        const created = await repo.insertCircle(tx, {
          creatorId: readerId,
          bookId: book.id,
          name,
          startDay: body.startDay,
          paceDays: body.paceDays,
          inviteCode: newInviteCode(),
        });
        await repo.insertMember(tx, created, readerId);
        await addToList(tx, { userId: readerId, bookId: book.id });
        return created;
      });
      return { id, message: fill(m.created, { name }) };
    },

    /** What an invitation link shows before joining: the circle, its book and schedule. */
    async preview(readerId: string, code: string): Promise<InvitationPreview> {
      const circle = await repo.byCode(db, code);
      if (!circle) throw new AppError('NOT_FOUND', m.inviteUnknown);
      const [membership, creators] = await Promise.all([
        repo.membership(db, circle.id, readerId),
        repo.readers(db, [circle.creatorId]),
      ]);
      return {
        circle: circleView(circle, creators.get(circle.creatorId) ?? null),
        book: circle.book,
        schedule: scheduleOf(circle),
        membership: membership === null ? 'none' : membership.removedAt ? 'removed' : 'member',
        full: circle.memberCount >= CIRCLE_MAX_MEMBERS,
      };
    },

    /**
     * Joins the circle an invitation code opens, its row locked so that two joins cannot both
     * take its fiftieth place; the book joins the reader's list. Refused, changing nothing: a
     * closed or full circle, an unavailable book, a member already in, one removed by the
     * creator, a reader the creator blocked (or who blocked them).
     */
    async join(readerId: string, code: string): Promise<CircleCreated> {
      return db.transaction(async (tx) => {
        const circle = await repo.byCode(tx, code, true);
        if (!circle) throw new AppError('NOT_FOUND', m.inviteUnknown);
        const membership = await repo.membership(tx, circle.id, readerId);
        if (membership?.removedAt) throw new AppError('FORBIDDEN', m.removedCannotRejoin);
        if (membership) throw new AppError('ALREADY_EXISTS', m.alreadyMember);
        if (circle.closedAt) throw new AppError('CONFLICT', m.closedJoin);
        if (!circle.isPublished) throw new AppError('BOOK_UNAVAILABLE', m.bookUnavailable);
        if ((await hiddenReaderIds(tx, readerId)).includes(circle.creatorId)) {
          throw new AppError('FORBIDDEN', m.joinRefused);
        }
        if (circle.memberCount >= CIRCLE_MAX_MEMBERS) throw new AppError('CONFLICT', m.full);
        await repo.insertMember(tx, circle.id, readerId);
        await addToList(tx, { userId: readerId, bookId: circle.book.id });
        return { id: circle.id, message: fill(m.joined, { name: circle.name }) };
      });
    },

    /** A member leaves; the creator closes instead. The book stays in their list. */
    async leave(readerId: string, circleId: string) {
      return db.transaction(async (tx) => {
        const { circle } = await forMember(tx, circleId, readerId, true);
        if (circle.creatorId === readerId) throw new AppError('CONFLICT', m.creatorCannotLeave);
        await repo.deleteMember(tx, circleId, readerId);
        return { message: fill(m.left, { name: circle.name }) };
      });
    },

    /** The creator removes a member, who cannot come back by the link. */
    async remove(readerId: string, circleId: string, memberId: string) {
      return db.transaction(async (tx) => {
        await forCreator(tx, circleId, readerId);
        if (memberId === readerId) throw new AppError('CONFLICT', m.cannotRemoveSelf);
        const names = await repo.readers(tx, [memberId]);
        if (!(await repo.markRemoved(tx, circleId, memberId))) {
          throw new AppError('NOT_FOUND', m.memberNotFound);
        }
        const member = names.get(memberId);
        return { message: fill(m.removed, { name: member ? displayName(member) : '' }) };
      });
    },

    /** The creator closes the circle: no one joins it or is reminded any more. */
    async close(readerId: string, circleId: string) {
      return db.transaction(async (tx) => {
        const { circle } = await forCreator(tx, circleId, readerId);
        if (circle.closedAt) throw new AppError('CONFLICT', m.alreadyClosed);
        await repo.close(tx, circleId);
        return { message: fill(m.closedToast, { name: circle.name }) };
      });
    },

    /** The creator renews the invitation link: the old one opens nothing any more. */
    async renewCode(readerId: string, circleId: string) {
      return db.transaction(async (tx) => {
        const { circle } = await forCreator(tx, circleId, readerId);
        if (circle.closedAt) throw new AppError('CONFLICT', m.closed);
        const inviteCode = newInviteCode();
        await repo.setInviteCode(tx, circleId, inviteCode);
        return { inviteCode };
      });
    },

    /**
     * The creator invites a reader they follow (and who has not blocked them, nor been
     * blocked): a notification carrying the link, once per reader and link.
     */
    async invite(readerId: string, circleId: string, inviteeId: string) {
      const relation = await readerRelation(db, { viewerId: readerId, readerId: inviteeId });
      if (!relation) throw new AppError('NOT_FOUND', m.readerIdInvalid);
      return db.transaction(async (tx) => {
        const { circle } = await forCreator(tx, circleId, readerId);
        if (inviteeId === readerId) throw new AppError('CONFLICT', m.inviteSelf);
        if (circle.closedAt) throw new AppError('CONFLICT', m.closed);
        const hidden = await hiddenReaderIds(tx, readerId);
        if (relation.relation.blocked || hidden.includes(inviteeId)) {
          throw new AppError('FORBIDDEN', m.inviteRefused);
        }
        if (!relation.relation.following) throw new AppError('FORBIDDEN', m.inviteNotFollowed);
        const membership = await repo.membership(tx, circleId, inviteeId);
        if (membership?.removedAt) throw new AppError('FORBIDDEN', m.inviteRefused);
        if (membership) throw new AppError('CONFLICT', m.inviteAlreadyMember);
        if (circle.memberCount >= CIRCLE_MAX_MEMBERS) throw new AppError('CONFLICT', m.full);
        const [inviter, invitee] = await Promise.all([
          repo.readers(tx, [readerId]).then((r) => r.get(readerId)),
          repo.readers(tx, [inviteeId]).then((r) => r.get(inviteeId)),
        ]);
        const written = await notify(tx, [
          {
            recipientId: inviteeId,
            actorId: readerId,
            type: 'circle_invitation',
            bookId: circle.book.id,
            meta: {
              circleId,
              code: circle.inviteCode,
              path: circleJoinPath(circle.inviteCode),
              msg: fill(circleNotices.invitation, {
                actor: inviter ? displayName(inviter) : '',
                name: circle.name,
                title: circle.book.title,
              }),
            },
            dedupeKey: `circle-invite:${circleId}:${circle.inviteCode}`,
          },
        ]);
        if (written === 0) throw new AppError('CONFLICT', m.alreadyInvited);
        return { message: fill(m.invitedToast, { name: invitee ? displayName(invitee) : '' }) };
      });
    },

    /** A member's choice: the behind-the-pace reminder by e-mail too, or not. */
    async setEmailReminders(readerId: string, circleId: string, on: boolean) {
      return db.transaction(async (tx) => {
        await forMember(tx, circleId, readerId, true);
        await repo.setEmailReminders(tx, circleId, readerId, on);
        return { emailReminders: on, message: on ? m.emailRemindersOn : m.emailRemindersOff };
      });
    },
  };
}

export type CirclesService = ReturnType<typeof createCirclesService>;
