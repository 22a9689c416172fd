/**
 * The offline app (docs/architecture.md#reminders-and-the-offline-app): the service worker's update
 * prompt and what a reader sees when a step needs the network. The offline page itself is static
 * HTML (client/public/offline.html).
 */
export const offlineMessages = {
  updateAvailable: 'Nouvelle version disponible',
  updateAction: 'Recharger',
  /** A validation step (state, question, answer, joker) tried without a connection. */
  networkNeeded:
    'Pas de connexion Internet : il faut être en ligne pour valider un segment. Réessaie une fois reconnecté.',
} as const;
