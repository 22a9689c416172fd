import { displayName } from '../../../domain/accounts';
import { bookPath } from '../../../domain/book-display';
import { circleJoinPath, circlePath } from '../../../domain/circles';
import { discussionPath } from '../../../domain/discussions';
import { circleNotices } from '../../../domain/messages/circles';
import { fill } from '../../../domain/messages/fill';
import { friendsMessages as f } from '../../../domain/messages/friends';
import { notificationMessages as m } from '../../../domain/messages/notifications';
import type { Notification } from '../../../domain/notifications.schemas';
import { appPaths } from '../../../domain/screen-paths';

// What a notification says and where its action goes
// (docs/architecture.md#live-notifications-and-chat): the actor's name or 'Quelqu'un', the book's
// title, the streak and digest messages' own text or their defaults.

/** The actor's name as the app shows readers, or 'Quelqu'un' when there is none. */
export function actorName(n: Notification): string {
  return n.actor ? displayName(n.actor) : m.someone;
}

const msgOf = (n: Notification): string | null => {
  const msg = n.meta.msg;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : null;
};

export function notificationText(n: Notification): string {
  const actor = actorName(n);
  const title = n.book?.title;
  switch (n.type) {
    case 'booky_received':
      return title
        ? fill(m.bookyReceived, { actor, title })
        : fill(m.bookyReceivedNoBook, { actor });
    case 'friend_finished':
      return title
        ? fill(m.friendFinished, { actor, title })
        : fill(m.friendFinishedNoBook, { actor });
    case 'new_follower':
      return fill(m.newFollower, { actor });
    case 'streak_nudge':
      return msgOf(n) ?? m.streakNudge;
    case 'streak_kept':
      return msgOf(n) ?? m.streakKept;
    case 'streak_lost':
      return msgOf(n) ?? m.streakLost;
    case 'weekly_digest':
      return msgOf(n) ?? m.weeklyDigest;
    case 'book_request_completed':
      return msgOf(n) ?? m.bookRequestCompleted;
    case 'question_approved':
      return msgOf(n) ?? m.questionApproved;
    case 'question_rejected':
      return msgOf(n) ?? m.questionRejected;
    case 'circle_invitation':
      return msgOf(n) ?? circleNotices.invitationDefault;
    case 'circle_reminder':
      return msgOf(n) ?? circleNotices.reminderDefault;
    case 'circle_badge':
      return msgOf(n) ?? circleNotices.badgeDefault;
    case 'device_segment_ready': {
      const segment = Number(n.meta.segment) || 1;
      return title
        ? fill(m.deviceSegmentReady, { segment, title })
        : fill(m.deviceSegmentReadyNoBook, { segment });
    }
    case 'device_unknown_book':
      return m.deviceUnknownBook;
    case 'discussion_reply': {
      const { from, to } = n.meta;
      return title && typeof from === 'number' && typeof to === 'number'
        ? fill(m.discussionReply, { actor, title, from, to })
        : fill(m.discussionReplyNoBook, { actor });
    }
    case 'friend_streak_invite':
      return fill(f.notificationInvite, { actor });
    case 'friend_streak_accepted':
      return fill(f.notificationAccepted, { actor });
    case 'friend_streak_nudge':
      return fill(f.notificationNudge, { actor });
    case 'friend_quest_invite':
      return fill(f.notificationQuestInvite, { actor });
    case 'friend_quest_done':
      return fill(f.notificationQuestDone, { actor, xp: Number(n.meta.xp ?? 0) });
  }
}

/** The action under a notification, if it has one, and a follower's profile. */
export function notificationAction(n: Notification): { label: string; to: string } | null {
  switch (n.type) {
    case 'friend_finished':
      return { label: m.seeActivity, to: '/discover' };
    case 'booky_received':
      return n.book ? { label: m.seeActivity, to: '/discover' } : null;
    case 'streak_nudge':
      return { label: m.readNow, to: '/reading-list' };
    case 'weekly_digest':
      return { label: m.seeStats, to: '/achievements' };
    case 'book_request_completed':
      return { label: m.seeRequests, to: '/request-book' };
    case 'question_approved':
    case 'question_rejected':
      return n.book ? { label: m.seeBook, to: bookPath(n.book.slug) } : null;
    case 'new_follower':
      return n.actor ? { label: m.seeProfile, to: `/profile/${n.actor.id}` } : null;
    case 'circle_invitation':
      return typeof n.meta.code === 'string'
        ? { label: circleNotices.seeInvitation, to: circleJoinPath(n.meta.code) }
        : null;
    case 'circle_reminder':
    case 'circle_badge':
      return typeof n.meta.circleId === 'string'
        ? { label: circleNotices.seeCircle, to: circlePath(n.meta.circleId) }
        : null;
    case 'device_segment_ready':
      return n.book ? { label: m.validateSegment, to: bookPath(n.book.slug) } : null;
    case 'device_unknown_book':
      return { label: m.pickBook, to: `${appPaths.profile}?onglet=parametres` };
    case 'discussion_reply': {
      const segment = n.meta.segment;
      return n.book && typeof segment === 'number'
        ? {
            label: m.seeDiscussion,
            to: discussionPath(
              n.book.slug,
              segment,
              typeof n.meta.circleId === 'string' ? n.meta.circleId : null,
            ),
          }
        : null;
    }
    case 'friend_streak_nudge':
      return { label: m.readNow, to: '/reading-list' };
    case 'friend_streak_invite':
    case 'friend_streak_accepted':
    case 'friend_quest_invite':
    case 'friend_quest_done':
      return { label: f.seeFriends, to: '/achievements#series-entre-amis' };
    default:
      return null;
  }
}
