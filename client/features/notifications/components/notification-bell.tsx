import { Bell } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fillPlural } from '../../../../domain/messages/fill';
import { notificationMessages as m } from '../../../../domain/messages/notifications';
import { BELL_BADGE_CAP, badgeCount } from '../../../../domain/notifications';
import { useMarkRead, useNotifications } from '../api/notifications';
import { useNotificationsLive } from '../use-notifications-live';
import { NotificationPopover } from './notification-popover';

export const bellButtonClasses =
  'relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-paper-deep aria-expanded:bg-paper-deep';

/**
 * The header's bell (signed-in readers only): the unread count ('99+' above 99) in its badge
 * and its accessible name; pressing it opens the popover, Escape or a click outside closes it
 * and gives the focus back to the bell. It listens to the live channel while mounted. Needs
 * the query client (client/app/header-notifications.tsx gives it).
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  useNotificationsLive();
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = notifications.data?.unread.all ?? 0;

  const close = useCallback((focusBell: boolean) => {
    setOpen(false);
    if (focusBell) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={unread > 0 ? fillPlural(unread, m.bellLabelUnread) : m.bellLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen(!open)}
        className={bellButtonClasses}
      >
        <Bell size={22} aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="bell-badge"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-semibold leading-5 text-paper"
          >
            {badgeCount(unread, BELL_BADGE_CAP)}
          </span>
        ) : null}
      </button>
      {open ? (
        <NotificationPopover
          id={popoverId}
          list={notifications.data}
          loading={notifications.isPending}
          onMarkRead={(id) => markRead.mutate(id)}
          onClose={() => close(false)}
        />
      ) : null}
    </div>
  );
}
