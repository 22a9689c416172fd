import { bookRows } from '../../db/book-moves';

/** Notifications about a merged duplicate name the kept book (decision 048). */
export const notificationsBookMove = bookRows('notifications', { notifications: {} });
