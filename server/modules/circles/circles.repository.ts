import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { BookCard } from '../../../domain/books.schemas';
import type { ReaderSummary } from '../../../domain/community.schemas';
import type { Db } from '../../db/client';
import { readersSql } from '../auth';
import { bookCardColumns, bookCardJoin, booksSql, toCard } from '../books';
import { readingSql } from '../reading';
import { circleMembers, circleReminders, circles } from './circles.table';

// The circles' queries (docs/architecture.md#reading-circles). Readers' names and photos come
// through auth's join, books through books', a member's validated segments through reading's
// progress fragment: this module names only its own tables.

/** The database or a transaction. */
export type Executor = Pick<Db, '_' | 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

/** A circle with its book's card, as every query below reads it. */
export type CircleRow = {
  id: string;
  name: string;
  creatorId: string;
  startDay: string;
  paceDays: number;
  inviteCode: string;
  closedAt: Date | null;
  createdAt: Date;
  memberCount: number;
  book: BookCard;
  isPublished: boolean;
};

const memberCount = sql<number>`(select count(*)::int from circle_members cm
  where cm.circle_id = ${circles.id} and cm.removed_at is null)`.mapWith(Number);

const circleColumns = {
  id: circles.id,
  name: circles.name,
  creatorId: circles.creatorId,
  startDay: circles.startDay,
  paceDays: circles.paceDays,
  inviteCode: circles.inviteCode,
  closedAt: circles.closedAt,
  createdAt: circles.createdAt,
  memberCount,
  book: bookCardColumns.card,
  isPublished: bookCardColumns.isPublished,
};

async function circleWhere(tx: Executor, where: SQL | undefined): Promise<CircleRow[]> {
  const rows = await tx
    .select(circleColumns)
    .from(circles)
    .innerJoin(...bookCardJoin(circles.bookId))
    .where(where)
    .orderBy(circles.createdAt, circles.id);
  return rows.map(({ book, ...row }) => ({ ...row, book: toCard(book) }));
}

/** A member's row: null when the reader was never in the circle (or left it). */
export type Membership = { removedAt: Date | null; emailReminders: boolean; joinedAt: Date };

export type MemberRow = {
  reader: ReaderSummary;
  joinedAt: Date;
  validated: number;
};

/** A reader's progress on the circle's book, as reading's fragment reads it (0 without a row). */
const validatedOf = (readerId: SQL, bookId: SQL) =>
  sql`coalesce((select p.segments_validated from ${readingSql.progress({ userId: readerId, bookId })} p), 0)`;

export const circlesRepository = {
  async insertCircle(
    tx: Executor,
    values: {
      creatorId: string;
      bookId: string;
      name: string;
      startDay: string;
      paceDays: number;
      inviteCode: string;
    },
  ): Promise<string> {
    const [row] = await tx.insert(circles).values(values).returning({ id: circles.id });
    return (row as { id: string }).id;
  },

  async insertMember(tx: Executor, circleId: string, readerId: string): Promise<void> {
    await tx.insert(circleMembers).values({ circleId, readerId });
  },

  /** A circle with its book, by id; `lock` holds its row until the transaction ends. */
  async byId(tx: Executor, id: string, lock = false): Promise<CircleRow | null> {
    if (lock) await tx.execute(sql`select 1 from circles where id = ${id}::uuid for update`);
    const [row] = await circleWhere(tx, eq(circles.id, id));
    return row ?? null;
  },

  /** The circle an invitation code opens; `lock` as above. */
  async byCode(tx: Executor, code: string, lock = false): Promise<CircleRow | null> {
    if (lock) await tx.execute(sql`select 1 from circles where invite_code = ${code} for update`);
    const [row] = await circleWhere(tx, eq(circles.inviteCode, code));
    return row ?? null;
  },

  async membership(tx: Executor, circleId: string, readerId: string): Promise<Membership | null> {
    const [row] = await tx
      .select({
        removedAt: circleMembers.removedAt,
        emailReminders: circleMembers.emailReminders,
        joinedAt: circleMembers.joinedAt,
      })
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.readerId, readerId)));
    return row ?? null;
  },

  /** The reader's circles (removed ones left out), oldest first, with their books. */
  async ofReader(tx: Executor, readerId: string): Promise<(CircleRow & { validated: number })[]> {
    const rows = await tx
      .select({
        ...circleColumns,
        validated:
          sql<number>`${validatedOf(sql`${readerId}::uuid`, sql`${circles.bookId}`)}`.mapWith(
            Number,
          ),
      })
      .from(circles)
      .innerJoin(...bookCardJoin(circles.bookId))
      .where(
        sql`${circles.id} in (select circle_id from circle_members
          where reader_id = ${readerId}::uuid and removed_at is null)`,
      )
      .orderBy(circles.createdAt, circles.id);
    return rows.map(({ book, ...row }) => ({ ...row, book: toCard(book) }));
  },

  /** The members (removed ones left out), first joined first, with their validated segments. */
  async members(tx: Executor, circleId: string): Promise<MemberRow[]> {
    const { rows } = await tx.execute<{
      id: string;
      username: string | null;
      avatar_url: string | null;
      joined_at: Date | string;
      validated: number;
    }>(sql`
      select u.id, u.username, u.avatar_url, m.joined_at,
        ${validatedOf(sql`m.reader_id`, sql`c.book_id`)} as validated
      from circle_members m
      join circles c on c.id = m.circle_id
      join ${readersSql.join({ alias: 'u', id: sql`m.reader_id` })}
      where m.circle_id = ${circleId}::uuid and m.removed_at is null
      order by m.joined_at, m.reader_id`);
    return rows.map((r) => ({
      reader: { id: r.id, username: r.username, avatarUrl: r.avatar_url },
      joinedAt: new Date(r.joined_at),
      validated: Number(r.validated),
    }));
  },

  /** Public summaries (name, photo) of readers, by id. */
  async readers(tx: Executor, ids: readonly string[]): Promise<Map<string, ReaderSummary>> {
    if (ids.length === 0) return new Map();
    const { rows } = await tx.execute<{
      id: string;
      username: string | null;
      avatar_url: string | null;
    }>(sql`
      select u.id, u.username, u.avatar_url
      from unnest(${`{${ids.join(',')}}`}::uuid[]) as x(id)
      join ${readersSql.join({ alias: 'u', id: sql`x.id` })}`);
    return new Map(
      rows.map((r) => [r.id, { id: r.id, username: r.username, avatarUrl: r.avatar_url }]),
    );
  },

  async deleteMember(tx: Executor, circleId: string, readerId: string): Promise<boolean> {
    const rows = await tx
      .delete(circleMembers)
      .where(
        and(
          eq(circleMembers.circleId, circleId),
          eq(circleMembers.readerId, readerId),
          isNull(circleMembers.removedAt),
        ),
      )
      .returning({ readerId: circleMembers.readerId });
    return rows.length > 0;
  },

  async markRemoved(tx: Executor, circleId: string, readerId: string): Promise<boolean> {
    const rows = await tx
      .update(circleMembers)
      .set({ removedAt: sql`now()` })
      .where(
        and(
          eq(circleMembers.circleId, circleId),
          eq(circleMembers.readerId, readerId),
          isNull(circleMembers.removedAt),
        ),
      )
      .returning({ readerId: circleMembers.readerId });
    return rows.length > 0;
  },

  async setEmailReminders(tx: Executor, circleId: string, readerId: string, on: boolean) {
    const rows = await tx
      .update(circleMembers)
      .set({ emailReminders: on })
      .where(
        and(
          eq(circleMembers.circleId, circleId),
          eq(circleMembers.readerId, readerId),
          isNull(circleMembers.removedAt),
        ),
      )
      .returning({ readerId: circleMembers.readerId });
    return rows.length > 0;
  },

  async close(tx: Executor, circleId: string): Promise<void> {
    await tx
      .update(circles)
      .set({ closedAt: sql`now()` })
      .where(and(eq(circles.id, circleId), isNull(circles.closedAt)));
  },

  async setInviteCode(tx: Executor, circleId: string, code: string): Promise<void> {
    await tx.update(circles).set({ inviteCode: code }).where(eq(circles.id, circleId));
  },

  /**
   * Open circles' members, for the daily reminder pass at Paris day `today`: those of circles
   * whose first segment is overdue, with their validated segments and whether they may get the
   * e-mail (they asked for it and their address is confirmed).
   */
  async membersToRemind(tx: Executor, today: string) {
    const { rows } = await tx.execute<{
      circle_id: string;
      name: string;
      start_day: string;
      pace_days: number;
      book_id: string;
      title: string;
      expected_segments: number;
      reader_id: string;
      joined_at: Date | string;
      validated: number;
      email: boolean;
    }>(sql`
      select c.id as circle_id, c.name, to_char(c.start_day, 'YYYY-MM-DD') as start_day,
        c.pace_days, c.book_id, b.title, b.expected_segments, m.reader_id, m.joined_at,
        ${validatedOf(sql`m.reader_id`, sql`c.book_id`)} as validated,
        (m.email_reminders and ${readersSql.verified(sql`m.reader_id`)}) as email
      from circles c
      join ${booksSql.join({ alias: 'b', id: sql`c.book_id` })}
      join circle_members m on m.circle_id = c.id and m.removed_at is null
      where c.closed_at is null and c.start_day + c.pace_days < ${today}::date
      order by c.id, m.reader_id`);
    return rows.map((r) => ({
      circleId: r.circle_id,
      name: r.name,
      startDay: r.start_day,
      paceDays: Number(r.pace_days),
      bookId: r.book_id,
      title: r.title,
      expectedSegments: Number(r.expected_segments),
      readerId: r.reader_id,
      joinedAt: new Date(r.joined_at),
      validated: Number(r.validated),
      email: r.email === true,
    }));
  },

  /** Writes the reminders not sent yet; answers those written (circle, reader, segment). */
  async insertReminders(
    tx: Executor,
    items: readonly { circleId: string; readerId: string; segment: number }[],
  ) {
    if (items.length === 0) return [];
    return tx
      .insert(circleReminders)
      .values([...items])
      .onConflictDoNothing()
      .returning({
        circleId: circleReminders.circleId,
        readerId: circleReminders.readerId,
        segment: circleReminders.segment,
      });
  },

  /**
   * Finishers of open circles narrowed by `only` (SQL over the circle `c`): members who
   * validated every segment of the book, the last one since the circle was started.
   */
  async finishers(tx: Executor, only: SQL) {
    const { rows } = await tx.execute<{
      circle_id: string;
      name: string;
      book_id: string;
      title: string;
      reader_id: string;
    }>(sql`
      select c.id as circle_id, c.name, c.book_id, b.title, m.reader_id
      from circles c
      join ${booksSql.join({ alias: 'b', id: sql`c.book_id` })}
      join circle_members m on m.circle_id = c.id and m.removed_at is null
      where c.closed_at is null and ${only}
        and ${validatedOf(sql`m.reader_id`, sql`c.book_id`)} >= b.expected_segments
        and ${readingSql.lastValidationAt({ userId: sql`m.reader_id`, filter: sql`book_id = c.book_id` })} >= c.created_at
      order by c.id, m.reader_id`);
    return rows.map((r) => ({
      circleId: r.circle_id,
      name: r.name,
      bookId: r.book_id,
      title: r.title,
      readerId: r.reader_id,
    }));
  },
};

/**
 * The reader's membership of a circle, for another module's access check (the segment
 * discussions restricted to it): the circle's book and whether it is closed; null when the
 * reader is not a member (or was removed), or there is no such circle.
 */
export async function circleMembership(
  tx: Pick<Db, 'execute'>,
  { circleId, readerId }: { circleId: string; readerId: string },
): Promise<{ bookId: string; closed: boolean } | null> {
  const { rows } = await tx.execute<{ book_id: string; closed: boolean }>(sql`
    select c.book_id, c.closed_at is not null as closed
    from circles c join circle_members m on m.circle_id = c.id
    where c.id = ${circleId}::uuid and m.reader_id = ${readerId}::uuid and m.removed_at is null`);
  const row = rows[0];
  return row ? { bookId: row.book_id, closed: row.closed === true } : null;
}
