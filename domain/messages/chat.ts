// The finished-book chat's French texts: the spec's words where it has them, ours (with 'tu') for
// moderation, where it is silent.

export const chatMessages = {
  // The spec's texts: the finished-book room, its access, the chat.
  title: 'Salon',
  hint: 'Maximum 500 caractères',
  emptyTitle: 'Aucun message pour le moment.',
  emptyText: 'Soyez le premier à partager vos impressions !',
  back: 'Retour au livre',
  loadError: 'Erreur lors du chargement des messages',
  sendError: "Erreur lors de l'envoi du message",
  sent: 'Message envoyé !',
  accessDenied: 'Vous devez terminer ce livre pour accéder au salon de discussion',

  // Ours: the page.
  inputLabel: 'Ton message',
  placeholder: 'Partage tes impressions sur ce livre…',
  send: 'Envoyer',
  sending: 'Envoi…',
  counter: '{count}/{max}',
  listLabel: 'Messages du salon',
  loading: 'Chargement des messages…',
  loadingOlder: 'Chargement des messages précédents…',
  olderButton: 'Afficher les messages précédents',
  retry: 'Réessayer',
  you: 'Toi',
  actionsFor: 'Actions sur le message de {name}',

  // Ours: moderation.
  delete: 'Supprimer',
  deleteConfirmTitle: 'Supprimer ce message\u00a0?',
  deleteConfirmText: 'Il disparaîtra du salon pour tout le monde.',
  deleted: 'Message supprimé',
  deleteError: 'Impossible de supprimer ce message.',
  report: 'Signaler',
  reportConfirmTitle: 'Signaler ce message\u00a0?',
  reportConfirmText:
    "Un administrateur le lira et pourra le retirer du salon. Son auteur ne saura pas qui l'a signalé.",
  reported: 'Message signalé. Merci\u00a0!',
  reportError: 'Impossible de signaler ce message.',
  cancel: 'Annuler',

  // Ours: the API's refusals.
  bookNotFound: "Ce livre n'existe pas.",
  bookRefInvalid: 'Identifiant de livre invalide.',
  messageEmpty: 'Ton message est vide.',
  messageTooLong: 'Ton message dépasse 500\u00a0caractères.',
  messageRequired: 'Écris un message.',
  messageNotFound: "Ce message n'existe pas.",
  deleteForbidden: 'Tu ne peux supprimer que tes propres messages.',
  reportOwn: 'Tu ne peux pas signaler ton propre message.',
  alreadyReported: 'Tu as déjà signalé ce message.',
  invalidCursor: 'Page de messages invalide.',
} as const;
