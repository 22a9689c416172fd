import { CheckCheck } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { fillPlural } from '../../../../domain/messages/fill';
import { notificationMessages as m } from '../../../../domain/messages/notifications';
import {
  badgeCount,
  NOTIFICATION_TABS,
  type NotificationTab,
  TAB_BADGE_CAP,
} from '../../../../domain/notifications';
import type { NotificationList } from '../../../../domain/notifications.schemas';
import { Spinner } from '../../../components/ui/spinner';
import { tabKeyTarget } from '../../../components/ui/tabs';
import { NotificationItem } from './notification-item';

const tabs: { value: NotificationTab; label: string; empty: string }[] = [
  { value: 'all', label: m.tabAll, empty: m.emptyAll },
  { value: 'streaks', label: m.tabStreaks, empty: m.emptyStreaks },
  { value: 'social', label: m.tabSocial, empty: m.emptySocial },
];

const inTab = (tab: NotificationTab, type: string) =>
  tab === 'all' || (NOTIFICATION_TABS[tab] as readonly string[]).includes(type);

/**
 * The bell's popover (docs/architecture.md#screens): tabs 'Tous', 'Séries', 'Social'
 * with their unread badges ('9+' on 'Tous'), the list in a fixed height, mark one or all as
 * read, the three empty states. Tabs follow the WAI-ARIA pattern (arrow keys, Home, End).
 */
export function NotificationPopover(props: {
  id: string;
  list: NotificationList | undefined;
  loading: boolean;
  onMarkRead: (id: string | null) => void;
  onClose: () => void;
}) {
  const { id, list, loading, onMarkRead, onClose } = props;
  const [tab, setTab] = useState<NotificationTab>('all');
  const baseId = useId();
  const buttons = useRef(new Map<NotificationTab, HTMLButtonElement>());
  const unread = list?.unread ?? { all: 0, streaks: 0, social: 0 };
  const current = tabs.find((t) => t.value === tab) ?? tabs[0];
  const items = (list?.items ?? []).filter((n) => inTab(tab, n.type));

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.value === tab);
    const next = tabKeyTarget(event.key, index, tabs.length);
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    setTab(target.value);
    buttons.current.get(target.value)?.focus();
  }

  return (
    <div
      id={id}
      role="dialog"
      aria-label={m.title}
      className="fixed inset-x-2 top-16 z-50 rounded-2xl border border-line bg-paper shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 px-4 pt-3">
        <h2 className="font-serif text-lg font-semibold">{m.title}</h2>
        <button
          type="button"
          onClick={() => onMarkRead(null)}
          disabled={unread.all === 0}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-accent hover:bg-paper-deep disabled:cursor-not-allowed disabled:text-ink-soft/60 disabled:hover:bg-transparent"
        >
          <CheckCheck size={16} aria-hidden="true" />
          {m.markAllRead}
        </button>
      </div>
      <div
        role="tablist"
        aria-label={m.title}
        onKeyDown={onTabKey}
        className="mt-2 flex border-b border-line px-2"
      >
        {tabs.map((t) => {
          const selected = t.value === tab;
          const count = unread[t.value];
          return (
            <button
              key={t.value}
              ref={(node) => {
                if (node) buttons.current.set(t.value, node);
                else buttons.current.delete(t.value);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setTab(t.value)}
              className={`-mb-px inline-flex min-h-11 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold ${selected ? 'border-accent text-accent-strong' : 'border-transparent text-ink-soft hover:text-ink'}`}
            >
              {/* One span for the name: in a flex button, Chromium would put a space before the comma. */}
              <span>
                {t.label}
                {count > 0 ? (
                  <span className="sr-only">{`, ${fillPlural(count, m.tabUnread)}`}</span>
                ) : null}
              </span>
              {count > 0 ? (
                <span
                  aria-hidden="true"
                  className="inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs leading-5 text-paper"
                >
                  {t.value === 'all' ? badgeCount(count, TAB_BADGE_CAP) : String(count)}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="h-96 max-h-[60vh] overflow-y-auto"
      >
        {loading && !list ? (
          <div
            role="status"
            className="flex h-full items-center justify-center gap-2 text-ink-soft"
          >
            <Spinner className="text-accent" />
            <p className="text-sm">{m.loading}</p>
          </div>
        ) : items.length === 0 ? (
          <p className="flex h-full items-center justify-center px-6 text-center text-sm text-ink-soft">
            {current?.empty}
          </p>
        ) : (
          <ul>
            {items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onMarkRead={(itemId) => onMarkRead(itemId)}
                onNavigate={onClose}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
