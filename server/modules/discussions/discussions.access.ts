import { sql } from 'drizzle-orm';
import { mayReadSegment } from '../../../domain/discussions';
import { circleMessages } from '../../../domain/messages/circles';
import { discussionMessages as m } from '../../../domain/messages/discussions';
import { segmentPages } from '../../../domain/segments';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { AppError } from '../../errors';
import { findBookDetail } from '../books';
import { circleMembership } from '../circles';
import { hiddenReaderIds } from '../community';
import { readingSql } from '../reading';

// Who may read and write a segment's discussion (docs/architecture.md#segment-discussions):
// a reader who validated that segment, by the reading module's own validations (a joker
// counts), decided on every read, post, reply, Booky, report and live subscription. The
// statements that read posts check it again themselves (discussions.repository.ts).

const validatedStatement = preparedStatement<
  { userId: string; bookId: string; segment: number },
  { validated: boolean }
>(
  'discussion_validated',
  (p) =>
    sql`select exists (${readingSql.validatedSegment({ userId: sql`${p.userId}::uuid`, bookId: sql`${p.bookId}::uuid`, segment: sql`${p.segment}::int` })}) as validated`,
);

export type DiscussionBook = {
  id: string;
  slug: string;
  title: string;
  totalPages: number;
  expectedSegments: number;
};

/** A discussion the reader may use: its book and segment, and the readers hidden from them. */
export type Discussion = {
  book: DiscussionBook;
  segment: number;
  pages: { from: number; to: number };
  hidden: string[];
  /** The reading circle whose discussion it is (null: the book's own) and whether it is closed. */
  circleId: string | null;
  circleClosed: boolean;
};

export function createDiscussionAccess({ db }: { db: Db }) {
  /** A published book by slug or id, else 404 'Ce livre n'existe pas.'. */
  async function book(ref: string): Promise<DiscussionBook> {
    const found = await findBookDetail(db, ref);
    // An unpublished book has no discussion for anyone: as unknown.
    if (!found?.isPublished) throw new AppError('NOT_FOUND', m.bookNotFound);
    return {
      id: found.id,
      slug: found.slug,
      title: found.title,
      totalPages: found.totalPages,
      expectedSegments: found.expectedSegments,
    };
  }

  async function enter(
    found: DiscussionBook,
    segment: number,
    readerId: string,
    circleId: string | null,
  ): Promise<Discussion | 'unknown' | 'denied' | 'not-member'> {
    if (segment < 1 || segment > found.expectedSegments) return 'unknown';
    const [[row], hidden, membership] = await Promise.all([
      validatedStatement(db, { userId: readerId, bookId: found.id, segment }),
      hiddenReaderIds(db, readerId),
      circleId ? circleMembership(db, { circleId, readerId }) : null,
    ]);
    if (circleId && membership?.bookId !== found.id) return 'not-member';
    if (!mayReadSegment(row?.validated === true)) return 'denied';
    return {
      book: found,
      segment,
      pages: segmentPages(segment, found.totalPages),
      hidden,
      circleId,
      circleClosed: membership?.closed === true,
    };
  }

  /** The circle's own access check: a member of it, on this book, else 404. */
  async function circleOf(found: DiscussionBook, readerId: string, circleId: string | null) {
    if (!circleId) return;
    const membership = await circleMembership(db, { circleId, readerId });
    if (membership?.bookId !== found.id) throw new AppError('NOT_FOUND', circleMessages.notFound);
  }

  return {
    book,

    circleOf,

    /**
     * A segment's discussion for this reader: 404 for an unknown book or segment, 403 'Tu dois
     * valider ces pages pour lire leur discussion.' when they have not validated it; in a
     * circle, 404 'Ce cercle n'existe pas ou tu n'en fais pas partie.' for anyone not in it.
     */
    async discussion(
      ref: string,
      segment: number,
      readerId: string,
      circleId: string | null = null,
    ): Promise<Discussion> {
      const found = await book(ref);
      const discussion = await enter(found, segment, readerId, circleId);
      if (discussion === 'not-member') throw new AppError('NOT_FOUND', circleMessages.notFound);
      if (discussion === 'unknown') throw new AppError('NOT_FOUND', m.segmentNotFound);
      if (discussion === 'denied') throw new AppError('FORBIDDEN', m.accessDenied);
      return discussion;
    },

    /** The same decision without an error: null when the reader may not use it. */
    async mayRead(
      ref: string,
      segment: number,
      readerId: string,
      circleId: string | null = null,
    ): Promise<Discussion | null> {
      const found = await findBookDetail(db, ref);
      if (!found?.isPublished) return null;
      const discussion = await enter(
        {
          id: found.id,
          slug: found.slug,
          title: found.title,
          totalPages: found.totalPages,
          expectedSegments: found.expectedSegments,
        },
        segment,
        readerId,
        circleId,
      );
      return typeof discussion === 'string' ? null : discussion;
    },
  };
}

export type DiscussionAccess = ReturnType<typeof createDiscussionAccess>;
