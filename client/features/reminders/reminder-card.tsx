import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { fill } from '../../../domain/messages/fill';
import { reminderMessages as m } from '../../../domain/messages/reminders';
import { isReminderTime, REMINDER_TIMES, type ReminderTime } from '../../../domain/reminders';
import type { ReminderController, ReminderView } from './reminder-controller';
import { ReminderError } from './reminder-controller';
import { webPushSupported, webReminders } from './web-reminders';

/** The native app's bridge (Capacitor) announces itself on window. */
export function isNativeApp(): boolean {
  const capacitor = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}

/** The controller for this device: local notifications in the app, Web Push in a browser, or none. */
async function controllerForDevice(): Promise<ReminderController | null> {
  if (isNativeApp()) {
    const [{ LocalNotifications }, { nativeReminders }] = await Promise.all([
      import('@capacitor/local-notifications'),
      import('./native-reminders'),
    ]);
    return nativeReminders(LocalNotifications, window.localStorage);
  }
  return webPushSupported() ? webReminders() : null;
}

type CardState =
  | { status: 'loading' }
  | { status: 'unsupported' }
  | { status: 'error' }
  | { status: 'ready'; controller: ReminderController; view: ReminderView; busy: boolean };

/**
 * Paramètres' reminder card (docs/architecture.md#reminders-and-the-offline-app): a switch and an
 * hour among 18:00–22:00 (20:00 by default). `controller` is for tests; otherwise the device
 * decides (native app, Web Push, or the spec's sentence when neither is available).
 */
export function ReminderCard({ controller }: { controller?: ReminderController | null }) {
  const [state, setState] = useState<CardState>({ status: 'loading' });
  const titleId = useId();
  const descriptionId = useId();
  const timeId = useId();

  useEffect(() => {
    let live = true;
    (async () => {
      const chosen = controller === undefined ? await controllerForDevice() : controller;
      if (!chosen) return live && setState({ status: 'unsupported' });
      const view = await chosen.load();
      if (live) setState({ status: 'ready', controller: chosen, view, busy: false });
    })().catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [controller]);

  const run = async (next: ReminderView, action: (c: ReminderController) => Promise<void>) => {
    if (state.status !== 'ready') return;
    const { controller: c, view } = state;
    setState({ ...state, view: next, busy: true });
    try {
      await action(c);
      setState({ status: 'ready', controller: c, view: next, busy: false });
      toast.success(next.enabled ? fill(m.enabled, { time: next.time }) : m.disabled);
    } catch (error) {
      setState({ status: 'ready', controller: c, view, busy: false });
      toast.error(error instanceof ReminderError ? error.message : m.setupError);
    }
  };

  const ready = state.status === 'ready' ? state : null;
  const on = ready?.view.enabled ?? false;
  const time = ready?.view.time ?? '20:00';
  const disabled = !ready || ready.busy;

  return (
    <div>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {m.title}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-ink-soft">
            {state.status === 'unsupported' ? m.mobileOnly : m.description}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label={m.toggle}
          aria-describedby={descriptionId}
          aria-busy={ready?.busy || undefined}
          disabled={disabled}
          onClick={() =>
            void run({ enabled: !on, time }, (c) => (on ? c.disable() : c.enable(time)))
          }
          className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${on ? 'bg-accent' : 'bg-line'}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-paper shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <label htmlFor={timeId} className="text-sm font-medium">
          {m.timeLabel}
        </label>
        <select
          id={timeId}
          value={time}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value;
            if (!isReminderTime(next)) return;
            void run({ enabled: on, time: next as ReminderTime }, (c) => c.changeTime(next, on));
          }}
          className="min-h-11 rounded-lg border border-line bg-paper px-3 text-ink disabled:opacity-60"
        >
          {REMINDER_TIMES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'error' ? (
        <p role="alert" className="mt-3 text-sm text-accent-strong">
          {m.loadError}
        </p>
      ) : null}
    </div>
  );
}
