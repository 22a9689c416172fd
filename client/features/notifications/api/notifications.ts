import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_LIMIT, tabOf } from '../../../../domain/notifications';
import type {
  MarkRead,
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  NotificationsRead,
  UnreadCounts,
} from '../../../../domain/notifications.schemas';
import { apiRequest } from '../../../lib/api-client';

/** The notifications' query keys (only this feature reads them). */
export const notificationKeys = {
  list: ['notifications'] as const,
  preferences: ['notification-preferences'] as const,
};

export const fetchNotifications = () => apiRequest<NotificationList>('/api/notifications');

export const markNotificationRead = (id: string) =>
  apiRequest<MarkRead>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });

export const markAllNotificationsRead = () =>
  apiRequest<MarkRead>('/api/notifications/read-all', { method: 'POST' });

export const fetchNotificationPreferences = () =>
  apiRequest<NotificationPreferences>('/api/notifications/preferences');

export const saveNotificationPreferences = (preferences: NotificationPreferencesUpdate) =>
  apiRequest<NotificationPreferences>('/api/notifications/preferences', {
    method: 'PUT',
    body: preferences,
  });

const zero: UnreadCounts = { all: 0, streaks: 0, social: 0 };

/** The counts less the given unread notifications, never below 0. */
function lessUnread(counts: UnreadCounts, read: Notification[]): UnreadCounts {
  const next = { ...counts };
  for (const n of read) {
    next.all = Math.max(0, next.all - 1);
    const tab = tabOf(n.type);
    next[tab] = Math.max(0, next[tab] - 1);
  }
  return next;
}

/**
 * The list with the given ids (or all) marked read now; `missing` says an id was not in the
 * list (beyond the 100 shown), whose tab the counts cannot know.
 */
export function withRead(
  list: NotificationList,
  read: NotificationsRead,
  at: string = new Date().toISOString(),
): { list: NotificationList; missing: boolean } {
  if ('all' in read) {
    return {
      list: { items: list.items.map((n) => (n.readAt ? n : { ...n, readAt: at })), unread: zero },
      missing: false,
    };
  }
  const ids = new Set(read.ids);
  const newlyRead = list.items.filter((n) => ids.has(n.id) && !n.readAt);
  const missing = read.ids.some((id) => !list.items.some((n) => n.id === id));
  return {
    list: {
      items: list.items.map((n) => (ids.has(n.id) && !n.readAt ? { ...n, readAt: at } : n)),
      unread: lessUnread(list.unread, newlyRead),
    },
    missing,
  };
}

/** The list with a new notification on top (once), and its unread counts raised. */
export function withNew(list: NotificationList, item: Notification): NotificationList {
  if (list.items.some((n) => n.id === item.id)) return list;
  const unread = { ...list.unread };
  if (!item.readAt) {
    unread.all += 1;
    unread[tabOf(item.type)] += 1;
  }
  return { items: [item, ...list.items].slice(0, NOTIFICATIONS_LIMIT), unread };
}

/** The signed-in reader's notifications and unread counts (failures are silent). */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: fetchNotifications,
    enabled,
  });
}

/**
 * Marks one notification (an id) or all (null) read: the list and the counts change at once;
 * the server's counts replace them when it answers; a failure puts them back, silently
 * (mark-as-read failures are silent).
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const key = notificationKeys.list;
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null ? markAllNotificationsRead() : markNotificationRead(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationList>(key);
      if (before) {
        const read: NotificationsRead = id === null ? { all: true } : { ids: [id] };
        queryClient.setQueryData<NotificationList>(key, withRead(before, read).list);
      }
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<NotificationList>(key, (list) =>
        list ? { ...list, unread } : list,
      );
    },
  });
}

/** The weekly digest e-mail choice. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: fetchNotificationPreferences,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
