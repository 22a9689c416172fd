/**
 * The reminder card in Paramètres (docs/architecture.md#reminders-and-the-offline-app) and its Web
 * Push side.
 */
export const reminderMessages = {
  title: 'Rappel de lecture',
  description: 'Un petit rappel chaque jour pour lire 20 minutes.',
  toggle: 'Rappel quotidien',
  timeLabel: 'Heure du rappel',
  // The spec's texts, word for word.
  setupError: 'Erreur lors de la configuration des notifications',
  updateError: 'Erreur lors de la mise à jour du rappel',
  mobileOnly: "Les notifications ne sont disponibles que dans l'application mobile",
  // Beyond the spec: the web's own reminders.
  permissionDenied:
    'Les notifications sont bloquées pour Lisons : autorise-les dans les réglages de ton navigateur.',
  enabled: 'Rappel activé à {time}',
  disabled: 'Rappel désactivé',
  loadError: 'Impossible de charger ton rappel.',
  // Server answers.
  saved: 'Rappel enregistré.',
  subscribed: 'Notifications activées sur cet appareil.',
  unsubscribed: 'Notifications désactivées sur cet appareil.',
  badTime: 'Choisis une heure entre 18:00 et 22:00.',
  badTimeZone: 'Fuseau horaire inconnu.',
  badEndpoint: "Cette adresse de notification n'est pas celle d'un service de notifications.",
  noSubscription: 'Active d’abord les notifications sur cet appareil.',
} as const;
