// The notifications' kinds, tabs and limits (docs/architecture.md#live-notifications-and-chat),
// shared by the server, which writes them, and the client, which shows them.

/**
 * Every kind of notification; `new_follower` and the later ones are ours (the Social tab),
 * the others the spec's. `device_*` come from a KOReader device (decision 053).
 */
export const NOTIFICATION_TYPES = [
  'streak_nudge',
  'streak_kept',
  'streak_lost',
  'booky_received',
  'friend_finished',
  'new_follower',
  'weekly_digest',
  'book_request_completed',
  'question_approved',
  'question_rejected',
  'circle_invitation',
  'circle_reminder',
  'circle_badge',
  'device_segment_ready',
  'device_unknown_book',
  'discussion_reply',
  // Friend streaks and the weekly friend quest (decision 055).
  'friend_streak_invite',
  'friend_streak_accepted',
  'friend_streak_nudge',
  'friend_quest_invite',
  'friend_quest_done',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Items fetched at most. */
export const NOTIFICATIONS_LIMIT = 100;

/** The popover's tabs beyond 'Tous': which kinds each one holds. */
export const NOTIFICATION_TABS = {
  streaks: [
    'streak_nudge',
    'streak_kept',
    'streak_lost',
    'friend_streak_invite',
    'friend_streak_accepted',
    'friend_streak_nudge',
  ],
  social: [
    'booky_received',
    'friend_finished',
    'weekly_digest',
    'new_follower',
    'book_request_completed',
    'question_approved',
    'question_rejected',
    'circle_invitation',
    'circle_reminder',
    'circle_badge',
    'device_segment_ready',
    'device_unknown_book',
    'discussion_reply',
    'friend_quest_invite',
    'friend_quest_done',
  ],
} as const satisfies Record<string, readonly NotificationType[]>;
export type NotificationTab = 'all' | keyof typeof NOTIFICATION_TABS;

/** The tab a kind belongs to, besides 'Tous'. */
export function tabOf(type: NotificationType): Exclude<NotificationTab, 'all'> {
  return (NOTIFICATION_TABS.streaks as readonly NotificationType[]).includes(type)
    ? 'streaks'
    : 'social';
}

/** The unread badges' caps: '99+' on the bell, '9+' on the 'Tous' tab. */
export const BELL_BADGE_CAP = 99;
export const TAB_BADGE_CAP = 9;

/** A count as a badge shows it: the number, or '<cap>+' above the cap. */
export function badgeCount(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(Math.max(0, count));
}
