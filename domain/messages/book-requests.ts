/**
 * Book requests (/request-book and /admin/book-requests,
 * docs/architecture.md#book-requests-and-premium).
 */
export const bookRequestMessages = {
  documentTitle: 'Demander un livre',
  title: 'Demander un livre',
  lead: 'Un livre te manque\u00a0? Dis-nous lequel, nous l’ajoutons au catalogue avec ses questions.',
  titleLabel: 'Titre du livre',
  authorLabel: 'Auteur',
  isbnLabel: 'ISBN',
  reasonLabel: 'Pourquoi ce livre\u00a0?',
  optional: 'facultatif',
  submit: 'Envoyer la demande',
  submitting: 'Envoi...',
  // The spec's texts, word for word.
  titleRequired: 'Le titre du livre est obligatoire',
  titleRequiredToast: 'Titre requis',
  signInRequiredTitle: 'Connexion requise',
  signInRequired: 'Connecte-toi pour continuer',
  premiumRequiredTitle: 'Premium requis',
  premiumRequired: 'Cette fonctionnalité est réservée aux membres Premium',
  sent: 'Demande envoyée\u00a0!',
  sentDetail: 'Nous traiterons ta demande sous 48-72h. Tu seras notifié par email.',
  failedTitle: 'Erreur',
  failed: 'Impossible d’envoyer la demande. Réessaye plus tard.',
  // Ours.
  isbnInvalid: 'L’ISBN n’est pas valide (ISBN-10 ou ISBN-13, avec sa clé de contrôle).',
  tooLong: 'Ce champ est trop long',
  limitReached:
    'Tu as déjà deux demandes en cours. Dès que l’une d’elles est traitée, tu pourras en faire une nouvelle.',
  limitNote: 'Deux demandes en cours au plus.',
  teaserTitle: 'Demande les livres que tu veux lire',
  teaserText:
    'Avec Premium, propose un livre au catalogue\u00a0: nous l’ajoutons avec ses questions sous 48 à 72\u00a0heures.',
  teaserAction: 'Découvrir Premium',
  mineTitle: 'Mes demandes',
  mineEmpty: 'Aucune demande pour le moment.',
  loadFailed: 'Impossible de charger tes demandes.',
  retry: 'Réessayer',
  // The admin page.
  adminTitle: 'Demandes de livres',
  filterLabel: 'Statut',
  filterAll: 'Toutes',
  columnDate: 'Date',
  columnReader: 'Lecteur',
  columnTitle: 'Titre',
  columnAuthor: 'Auteur',
  columnNotes: 'Notes',
  columnStatus: 'Statut',
  statusOf: 'Statut de la demande «\u00a0{title}\u00a0»',
  adminEmpty: 'Aucune demande trouvée',
  statusUpdated: 'Statut mis à jour',
  statusUpdateFailed: 'Erreur lors de la mise à jour',
  notFound: 'Cette demande n’existe pas.',
  statusInvalid: 'Statut inconnu',
} as const;

/** The e-mails and the notification of a request. */
export const bookRequestMails = {
  ackSubject: 'Ta demande de livre est bien reçue',
  ackText:
    'Bonjour,\n\nNous avons bien reçu ta demande pour «\u00a0{title}\u00a0». Nous la traiterons sous 48 à 72\u00a0heures et te préviendrons par e-mail.\n\nL’équipe Lisons',
  doneSubject: 'Ton livre est arrivé sur Lisons',
  doneText:
    'Bonjour,\n\nBonne nouvelle\u00a0: ta demande pour «\u00a0{title}\u00a0» est traitée. Retrouve-le dans le catalogue\u00a0: {url}\n\nL’équipe Lisons',
  doneNotification: 'Ta demande pour «\u00a0{title}\u00a0» est traitée.',
} as const;
