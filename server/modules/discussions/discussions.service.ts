import { mayEnterChat } from '../../../domain/chat';
import {
  DISCUSSION_PAGE_SIZE,
  DISCUSSION_POSTS_PER_HOUR,
  DISCUSSION_POSTS_PER_MINUTE,
  DISCUSSION_REPLIES_PAGE,
  DISCUSSION_REPLIES_SHOWN,
} from '../../../domain/discussions';
import type {
  DiscussionPage,
  DiscussionPost,
  DiscussionReplies,
  DiscussionSummary,
} from '../../../domain/discussions.schemas';
import { discussionRoom } from '../../../domain/live';
import { circleMessages } from '../../../domain/messages/circles';
import { discussionMessages as m } from '../../../domain/messages/discussions';
import { segmentPages } from '../../../domain/segments';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type Cursor, hiddenReaderIds } from '../community';
import { publishLive } from '../live';
import { notify } from '../notifications';
import type { RateLimitsRepository } from '../rate-limits';
import { enforceRateLimits } from '../rate-limits';
import { findProgress } from '../reading';
import { createDiscussionAccess, type Discussion } from './discussions.access';
import { createDiscussionsRepository, toPost } from './discussions.repository';

/** The dedupe key of the notification a reply sends its parent's author. */
export const replyNotificationKey = (replyId: string) => `discussion-reply:${replyId}`;

/**
 * Segment discussions' use cases for readers (decision 054). Access is decided on each call
 * (discussions.access.ts); a post's arrival is published to its segment's room, and its reply
 * notification written, in the transaction that writes it.
 */
export function createDiscussionsService({
  db,
  rateLimits,
}: {
  db: Db;
  rateLimits: RateLimitsRepository;
}) {
  const access = createDiscussionAccess({ db });
  const posts = createDiscussionsRepository({ db });

  /** A post that exists and is shown, in a discussion the reader may read and not hidden. */
  async function visiblePost(id: string, readerId: string) {
    const post = await posts.find(id);
    if (!post || post.removed) throw new AppError('NOT_FOUND', m.messageNotFound);
    const discussion = await access.mayRead(post.bookId, post.segment, readerId, post.circleId);
    if (!discussion) throw new AppError('FORBIDDEN', m.accessDenied);
    if (discussion.hidden.includes(post.authorId)) {
      throw new AppError('NOT_FOUND', m.messageNotFound);
    }
    return { post, discussion };
  }

  /** The parent of a reply: a shown post (not a reply) of the same discussion, not hidden. */
  async function parentOf(discussion: Discussion, parentId: string) {
    const parent = await posts.find(parentId);
    const same =
      parent &&
      !parent.removed &&
      parent.bookId === discussion.book.id &&
      parent.segment === discussion.segment &&
      parent.circleId === discussion.circleId &&
      !discussion.hidden.includes(parent.authorId);
    if (!parent || !same) throw new AppError('NOT_FOUND', m.parentNotFound);
    if (parent.parentId !== null) throw new AppError('VALIDATION_ERROR', m.replyToReply);
    return parent;
  }

  return {
    access,

    /**
     * Every segment of a book for the book page: open or not to this reader, how many readers
     * talk there, and the count of posts only where it is open. No text of any post.
     */
    async summary(
      ref: string,
      readerId: string,
      circleId: string | null = null,
    ): Promise<DiscussionSummary> {
      const book = await access.book(ref);
      await access.circleOf(book, readerId, circleId);
      const hidden = await hiddenReaderIds(db, readerId);
      const [counts, progress] = await Promise.all([
        posts.counts({
          bookId: book.id,
          viewerId: readerId,
          segments: book.expectedSegments,
          hidden,
          circleId,
        }),
        findProgress(db, { userId: readerId, bookId: book.id }),
      ]);
      return {
        book: { id: book.id, slug: book.slug, title: book.title },
        segments: counts.map((row) => ({
          segment: row.segment,
          ...segmentPages(row.segment, book.totalPages),
          open: row.validated,
          readers: row.readers,
          posts: row.validated ? row.posts : null,
        })),
        salonOpen: mayEnterChat(progress),
      };
    },

    /**
     * A page of a segment's threads, newest first, for a reader who validated it (in a circle,
     * one of its members). The statement checks the validation, the membership and the blocks
     * itself, in one round trip; only an empty page asks why (nothing said yet, or not
     * validated: 403, not a member: 404).
     */
    async page(
      ref: string,
      segment: number,
      readerId: string,
      cursor: Cursor | null,
      circleId: string | null = null,
    ): Promise<DiscussionPage> {
      const book = await access.book(ref);
      if (segment > book.expectedSegments) throw new AppError('NOT_FOUND', m.segmentNotFound);
      const page = await posts.threads({
        bookId: book.id,
        segment,
        viewerId: readerId,
        circleId,
        cursor,
        pageSize: DISCUSSION_PAGE_SIZE,
        shown: DISCUSSION_REPLIES_SHOWN,
      });
      if (page.items.length === 0) await access.discussion(ref, segment, readerId, circleId);
      const { id, slug, title } = book;
      return {
        book: { id, slug, title },
        segment,
        pages: segmentPages(segment, book.totalPages),
        ...page,
      };
    },

    /** A thread's replies after the cursor, oldest first. */
    async replies(
      parentId: string,
      readerId: string,
      cursor: Cursor | null,
    ): Promise<DiscussionReplies> {
      await visiblePost(parentId, readerId);
      return posts.replies({
        parentId,
        viewerId: readerId,
        cursor,
        pageSize: DISCUSSION_REPLIES_PAGE,
      });
    },

    /**
     * Posts in a segment's discussion, or replies to one of its posts (already trimmed and
     * checked by the route's schema). A reply tells its parent's author, as they allow. In a
     * circle, only its members post, and not once it is closed.
     */
    async post(
      ref: string,
      segment: number,
      readerId: string,
      input: { content: string; parentId: string | null },
      circleId: string | null = null,
    ): Promise<DiscussionPost> {
      const discussion = await access.discussion(ref, segment, readerId, circleId);
      if (discussion.circleClosed) throw new AppError('CONFLICT', circleMessages.closed);
      const parent = input.parentId ? await parentOf(discussion, input.parentId) : null;
      await enforceRateLimits(rateLimits, [
        {
          key: `discussion-post:${readerId}`,
          rule: { limit: DISCUSSION_POSTS_PER_MINUTE, windowMs: 60_000 },
        },
        {
          key: `discussion-post-hour:${readerId}`,
          rule: { limit: DISCUSSION_POSTS_PER_HOUR, windowMs: 3_600_000 },
        },
      ]);
      const { book } = discussion;
      const row = await db.transaction(async (tx) => {
        const written = await posts.insert(tx, {
          bookId: book.id,
          segment,
          parentId: parent?.id ?? null,
          authorId: readerId,
          content: input.content,
          circleId,
        });
        // Between the checks and the insert the parent was removed: nothing is written.
        if (!written) throw new AppError('NOT_FOUND', m.parentNotFound);
        await publishLive(
          tx,
          { room: discussionRoom(book.id, segment, circleId) },
          'discussion.post',
          toPost(written, null),
        );
        if (parent) {
          // Only the segment's pages and the book's title: never the reply's words.
          await notify(tx, [
            {
              recipientId: parent.authorId,
              actorId: readerId,
              type: 'discussion_reply',
              bookId: book.id,
              meta: {
                segment,
                ...discussion.pages,
                postId: parent.id,
                replyId: written.id,
                ...(circleId ? { circleId } : {}),
              },
              dedupeKey: replyNotificationKey(written.id),
            },
          ]);
        }
        return written;
      });
      return toPost(row, readerId);
    },

    /** Gives (or takes back) a Booky on someone else's post. */
    async booky(id: string, readerId: string, give: boolean) {
      const { post } = await visiblePost(id, readerId);
      if (post.authorId === readerId) throw new AppError('FORBIDDEN', m.bookyOwn);
      const bookys = await posts.booky(id, readerId, give);
      return { bookys, bookedByMe: give };
    },
  };
}

export type DiscussionsService = ReturnType<typeof createDiscussionsService>;
