import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { notificationMessages as m } from '../../../domain/messages/notifications';
import type {
  Notification,
  NotificationList,
  NotificationsRead,
} from '../../../domain/notifications.schemas';
import { useLiveEvent } from '../../lib/live';
import { notificationKeys, withNew, withRead } from './api/notifications';
import { notificationText } from './notification-text';

/**
 * While the bell is mounted: a new notification goes on top of the list, raises the unread
 * counts and shows the toast '📢 Notification'; one read in another tab is read
 * here too.
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  const key = notificationKeys.list;

  useLiveEvent('notification', (data) => {
    const item = data as Notification;
    const list = queryClient.getQueryData<NotificationList>(key);
    if (list) queryClient.setQueryData<NotificationList>(key, withNew(list, item));
    else void queryClient.invalidateQueries({ queryKey: key });
    toast(m.toast, { description: notificationText(item) });
  });

  useLiveEvent('notifications.read', (data) => {
    const list = queryClient.getQueryData<NotificationList>(key);
    if (!list) return;
    const { list: next, missing } = withRead(list, data as NotificationsRead);
    queryClient.setQueryData<NotificationList>(key, next);
    // One beyond the 100 shown: its tab is unknown here, the server's counts say.
    if (missing) void queryClient.invalidateQueries({ queryKey: key });
  });
}
