import { DISCUSSION_REPORTS_PER_HOUR } from '../../../domain/discussions';
import { discussionRoom } from '../../../domain/live';
import { discussionMessages as m } from '../../../domain/messages/discussions';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAdminAction } from '../audit';
import { publishLive } from '../live';
import { forgetNotifications } from '../notifications';
import type { RateLimitsRepository } from '../rate-limits';
import { enforceRateLimits } from '../rate-limits';
import { createDiscussionReportsRepository } from './discussion-reports.repository';
import { createDiscussionAccess } from './discussions.access';
import { createDiscussionsRepository } from './discussions.repository';
import { replyNotificationKey } from './discussions.service';

/** The administrators' queue shows this many reported posts at most. */
const REPORTS_LIMIT = 200;

/**
 * Deleting, reporting and moderating posts, as in the finished-book chat (decision 021): the
 * author or an administrator removes a post, a reader who may read it reports it once, an
 * administrator removes it or dismisses its reports; each administrator's act is in the audit
 * trail, each removal told to the discussion's open tabs.
 */
export function createDiscussionModeration({
  db,
  rateLimits,
}: {
  db: Db;
  rateLimits: RateLimitsRepository;
}) {
  const access = createDiscussionAccess({ db });
  const posts = createDiscussionsRepository({ db });
  const reports = createDiscussionReportsRepository({ db });

  /** Takes a post out of its discussion and tells it; false if it had already left. */
  async function removeFromDiscussion(
    id: string,
    by: { author: true } | { adminId: string; authorId: string },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const removed = await reports.remove(tx, id, 'adminId' in by ? 'admin' : 'author');
      if (!removed) return false;
      if ('adminId' in by) {
        await recordAdminAction(tx, {
          adminId: by.adminId,
          action: 'discussion_post.remove',
          entity: 'discussion_post',
          entityId: id,
          before: { authorId: by.authorId, bookId: removed.bookId, segment: removed.segment },
        });
      }
      // A reply gone is no news for its parent's author any more.
      if (removed.parentId) await forgetNotifications(tx, [replyNotificationKey(id)]);
      await publishLive(
        tx,
        { room: discussionRoom(removed.bookId, removed.segment, removed.circleId) },
        'discussion.removed',
        { id, parentId: removed.parentId },
      );
      return true;
    });
  }

  /** A post that exists and is still shown, else 404. */
  async function shownPost(id: string) {
    const post = await posts.find(id);
    if (!post || post.removed) throw new AppError('NOT_FOUND', m.messageNotFound);
    return post;
  }

  return {
    /** The author deletes their post; an administrator may delete anyone's. */
    async delete(id: string, reader: { id: string; isAdmin: boolean }): Promise<void> {
      const post = await shownPost(id);
      const own = post.authorId === reader.id;
      if (!own && !reader.isAdmin) throw new AppError('FORBIDDEN', m.deleteForbidden);
      await removeFromDiscussion(
        id,
        own ? { author: true } : { adminId: reader.id, authorId: post.authorId },
      );
    },

    /**
     * A reader who may read the discussion reports someone else's post, once. A post they
     * cannot see (removed, or by a reader hidden from them) is unknown to them.
     */
    async report(id: string, readerId: string): Promise<void> {
      const post = await shownPost(id);
      const discussion = await access.mayRead(post.bookId, post.segment, readerId, post.circleId);
      if (!discussion) throw new AppError('FORBIDDEN', m.accessDenied);
      if (discussion.hidden.includes(post.authorId)) {
        throw new AppError('NOT_FOUND', m.messageNotFound);
      }
      if (post.authorId === readerId) throw new AppError('VALIDATION_ERROR', m.reportOwn);
      await enforceRateLimits(rateLimits, [
        {
          key: `discussion-report:${readerId}`,
          rule: { limit: DISCUSSION_REPORTS_PER_HOUR, windowMs: 3_600_000 },
        },
      ]);
      if (!(await reports.report(id, readerId))) {
        throw new AppError('ALREADY_EXISTS', m.alreadyReported);
      }
    },

    /** Administrators: the reported posts still shown, most reported first. */
    reports: () => reports.openReports(REPORTS_LIMIT),

    /** Administrators: removes a post (settling its reports); a removed one stays removed. */
    async adminRemove(id: string, adminId: string): Promise<void> {
      const post = await posts.find(id);
      if (!post) throw new AppError('NOT_FOUND', m.messageNotFound);
      await removeFromDiscussion(id, { adminId, authorId: post.authorId });
    },

    /** Administrators: the post stays; its open reports are settled. */
    async dismiss(id: string, adminId: string): Promise<number> {
      const post = await posts.find(id);
      if (!post) throw new AppError('NOT_FOUND', m.messageNotFound);
      return db.transaction(async (tx) => {
        const dismissed = await reports.dismiss(id, tx);
        // Recorded when it settled something: a second click changes nothing.
        if (dismissed > 0) {
          await recordAdminAction(tx, {
            adminId,
            action: 'discussion_reports.dismiss',
            entity: 'discussion_post',
            entityId: id,
            after: { dismissed, authorId: post.authorId },
          });
        }
        return dismissed;
      });
    },
  };
}
