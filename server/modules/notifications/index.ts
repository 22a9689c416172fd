// The notifications module's public surface: what other modules may use (decision 039).

export { notificationsBookMove } from './notifications.book-move';
export { notificationsReaderData } from './notifications.reader-data';
export {
  forgetNotifications,
  forgetNotificationsBetween,
  type NewNotification,
  type NotifyExecutor,
  notify,
} from './notify';
