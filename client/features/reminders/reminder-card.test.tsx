import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reminderMessages as m } from '../../../domain/messages/reminders';
import { nativeReminders } from './native-reminders';
import { ReminderCard } from './reminder-card';

// The plugin's calls, as the system answers them (see native-reminders.test.ts for more).
function phone(display: PermissionState = 'granted') {
  const pending = new Map<number, { id: number; schedule?: unknown }>();
  return {
    pending,
    plugin: {
      schedule: async (o: { notifications: { id: number; schedule?: unknown }[] }) => {
        for (const n of o.notifications) pending.set(n.id, n);
        return { notifications: o.notifications.map((n) => ({ id: n.id })) };
      },
      cancel: async (o: { notifications: { id: number }[] }) => {
        for (const n of o.notifications) pending.delete(n.id);
      },
      getPending: async () => ({
        notifications: [...pending.values()].map((n) => ({ id: n.id, title: '', body: '' })),
      }),
      checkPermissions: async () => ({ display: 'prompt' as PermissionState }),
      requestPermissions: async () => ({ display }),
    },
  };
}

describe('the reminder card in Paramètres', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanup);

  it('in a browser without Web Push: the spec’s sentence, controls unavailable', async () => {
    render(<ReminderCard />);
    expect(await screen.findByText(m.mobileOnly)).toBeTruthy();
    expect(screen.getByRole('switch', { name: m.toggle }).hasAttribute('disabled')).toBe(true);
    expect((screen.getByLabelText(m.timeLabel) as HTMLSelectElement).value).toBe('20:00');
  });

  it('on the phone: on at the chosen hour, a new hour, then off', async () => {
    const user = userEvent.setup();
    const { plugin, pending } = phone();
    const controller = nativeReminders(plugin as never, window.localStorage);
    render(<ReminderCard controller={controller} />);
    const toggle = screen.getByRole('switch', { name: m.toggle });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(
      [...(screen.getByLabelText(m.timeLabel) as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['18:00', '19:00', '20:00', '21:00', '22:00']);

    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(pending.get(1001)?.schedule).toMatchObject({ on: { hour: 20, minute: 0 } });

    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    await user.selectOptions(screen.getByLabelText(m.timeLabel), '19:00');
    await waitFor(() =>
      expect(pending.get(1001)?.schedule).toMatchObject({ on: { hour: 19, minute: 0 } }),
    );

    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(pending.size).toBe(0);
  });

  it('a refused permission leaves it off', async () => {
    const user = userEvent.setup();
    const { plugin, pending } = phone('denied');
    render(<ReminderCard controller={nativeReminders(plugin as never, window.localStorage)} />);
    const toggle = screen.getByRole('switch', { name: m.toggle });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    await user.click(toggle);
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(pending.size).toBe(0);
  });
});
