import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../domain/notifications.schemas';
import { notificationAction, notificationText } from './notification-text';

// What a KOReader device's notifications say, and where they lead (decision 053).
const base: Notification = {
  id: 'n1',
  type: 'device_segment_ready',
  actor: null,
  book: { id: 'b1', title: 'Candide', slug: 'candide-voltaire' },
  meta: { segment: 2, page: 60 },
  readAt: null,
  createdAt: new Date().toISOString(),
};

describe('a device’s notifications', () => {
  it('invite to validate the segment reached, on its book’s page', () => {
    expect(notificationText(base)).toBe(
      'Ta liseuse a atteint la fin du segment 2 de «\u00a0Candide\u00a0»\u00a0: valide-le\u00a0!',
    );
    expect(notificationAction(base)).toEqual({
      label: 'Valider le segment',
      to: '/books/candide-voltaire',
    });
  });

  it('ask which book an unknown one is, in Paramètres', () => {
    const unknown: Notification = { ...base, type: 'device_unknown_book', book: null, meta: {} };
    expect(notificationText(unknown)).toBe(
      'Un appareil lit un livre que Lisons ne connaît pas\u00a0: lequel est-ce\u00a0?',
    );
    expect(notificationAction(unknown)).toEqual({
      label: 'Choisir le livre',
      to: '/profile?onglet=parametres',
    });
  });
});
