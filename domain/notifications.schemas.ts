import { z } from 'zod';
import { readerSummarySchema } from './community.schemas';
import { notificationMessages as m } from './messages/notifications';
import { NOTIFICATION_TYPES } from './notifications';

// The notifications' contracts (docs/architecture.md#live-notifications-and-chat): the list, the
// unread counts per tab, marking as read and the e-mail preference.

export const notificationParamsSchema = z.object({
  id: z.uuid({ error: m.notFound }),
});

/** One notification, as the list returns it and the live channel pushes it. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Who caused it; null for the streak and digest messages, or once the reader is gone. */
  actor: readerSummarySchema.nullable(),
  book: z.object({ id: z.string(), title: z.string(), slug: z.string() }).nullable(),
  /** The streak and digest messages carry `msg` (a French text) and their figures. */
  meta: z.record(z.string(), z.unknown()),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Unread notifications per tab of the popover. */
export const unreadCountsSchema = z.object({
  all: z.number().int().min(0),
  streaks: z.number().int().min(0),
  social: z.number().int().min(0),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** GET /api/notifications: the latest 100, newest first, and the unread counts. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema).describe("≤ 100, les plus récentes d'abord"),
  unread: unreadCountsSchema,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** What marking as read answers: the unread counts now. */
export const markReadSchema = z.object({ unread: unreadCountsSchema });
export type MarkRead = z.infer<typeof markReadSchema>;

/** The 'notifications.read' live event: some notifications, or all, were read. */
export type NotificationsRead = { ids: string[] } | { all: true };

/**
 * What the reader chose to receive (beyond the spec): the weekly digest by e-mail, and a
 * notification when someone replies to their post in a segment's discussion.
 */
export const notificationPreferencesSchema = z.object({
  weeklyDigestEmail: z.boolean({ error: m.invalidPreferences }),
  discussionReplies: z.boolean({ error: m.invalidPreferences }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A change of preferences: the choices given change, the others stay. */
export const notificationPreferencesUpdateSchema = z
  .strictObject({
    weeklyDigestEmail: z.boolean({ error: m.invalidPreferences }).optional(),
    discussionReplies: z.boolean({ error: m.invalidPreferences }).optional(),
  })
  .refine((v) => v.weeklyDigestEmail !== undefined || v.discussionReplies !== undefined, {
    error: m.invalidPreferences,
  });
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;
