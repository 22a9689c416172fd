import type {
  CancelOptions,
  LocalNotificationSchema,
  PendingResult,
  PermissionStatus,
  ScheduleOptions,
  ScheduleResult,
} from '@capacitor/local-notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { reminderMessages as m } from '../../../domain/messages/reminders';
import { type LocalNotifications, nativeReminders, REMINDER_TIME_KEY } from './native-reminders';

/**
 * The plugin's interface as the system behaves: pending notifications by id, a permission
 * the "user" grants or refuses when asked. The reminder logic runs against it as on a phone.
 */
class FakeLocalNotifications implements LocalNotifications {
  pending = new Map<number, LocalNotificationSchema>();
  permission: PermissionState = 'prompt';
  answer: PermissionState = 'granted';
  asked = 0;
  failSchedule = false;

  async schedule(options: ScheduleOptions): Promise<ScheduleResult> {
    if (this.permission !== 'granted') throw new Error('not allowed');
    if (this.failSchedule) throw new Error('system refused');
    for (const n of options.notifications) this.pending.set(n.id, n);
    return { notifications: options.notifications.map((n) => ({ id: n.id })) };
  }
  async cancel(options: CancelOptions): Promise<void> {
    for (const n of options.notifications) this.pending.delete(n.id);
  }
  async getPending(): Promise<PendingResult> {
    return {
      notifications: [...this.pending.values()].map((n) => ({
        id: n.id,
        title: n.title,
        body: n.body,
        schedule: n.schedule,
      })),
    };
  }
  async checkPermissions(): Promise<PermissionStatus> {
    return { display: this.permission };
  }
  async requestPermissions(): Promise<PermissionStatus> {
    this.asked += 1;
    this.permission = this.answer;
    return { display: this.permission };
  }
}

describe('the native reminder (local notification 1001)', () => {
  let plugin: FakeLocalNotifications;
  beforeEach(() => {
    plugin = new FakeLocalNotifications();
    window.localStorage.clear();
  });
  const reminders = () => nativeReminders(plugin, window.localStorage);

  it('is off at 20:00 by default', async () => {
    expect(await reminders().load()).toEqual({ enabled: false, time: '20:00' });
  });

  it('turning on asks permission and schedules a daily repeating notification at the hour', async () => {
    await reminders().enable('21:00');
    expect(plugin.asked).toBe(1);
    expect([...plugin.pending.values()]).toEqual([
      {
        id: 1001,
        title: 'Lisons',
        body: '20 minutes de lecture ce soir',
        schedule: { on: { hour: 21, minute: 0 }, repeats: true, allowWhileIdle: true },
      },
    ]);
    expect(window.localStorage.getItem(REMINDER_TIME_KEY)).toBe('21:00');
    expect(await reminders().load()).toEqual({ enabled: true, time: '21:00' });
  });

  it('a new hour reschedules the one notification; off cancels it', async () => {
    await reminders().enable('20:00');
    await reminders().changeTime('18:00', true);
    expect([...plugin.pending.keys()]).toEqual([1001]);
    expect(plugin.pending.get(1001)?.schedule?.on).toEqual({ hour: 18, minute: 0 });
    await reminders().disable();
    expect(plugin.pending.size).toBe(0);
    expect(await reminders().load()).toEqual({ enabled: false, time: '18:00' });
  });

  it('an hour chosen while off is remembered, nothing scheduled', async () => {
    await reminders().changeTime('22:00', false);
    expect(plugin.pending.size).toBe(0);
    expect(await reminders().load()).toEqual({ enabled: false, time: '22:00' });
  });

  it('a refused permission says the spec’s setup error; nothing scheduled', async () => {
    plugin.answer = 'denied';
    await expect(reminders().enable('20:00')).rejects.toThrow(m.setupError);
    expect(plugin.pending.size).toBe(0);
  });

  it('a failed reschedule says the spec’s update error', async () => {
    await reminders().enable('20:00');
    plugin.failSchedule = true;
    await expect(reminders().changeTime('19:00', true)).rejects.toThrow(m.updateError);
  });
});
