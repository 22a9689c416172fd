/**
 * Paramètres (docs/architecture.md#accounts) and the reader's account: deletion, export, password.
 */
export const settingsMessages = {
  title: 'Paramètres',
  notificationsTitle: 'E-mails',
  accountTitle: 'Compte',
  legalTitle: 'Informations',
  privacy: 'Politique de confidentialité',
  terms: 'Conditions d’utilisation',
  changePassword: 'Changer le mot de passe',
  exportData: 'Exporter mes données',
  exportHint: 'Tout ce que Lisons garde sur toi (JSON) et ton historique de lecture (CSV).',
  exporting: 'Préparation...',
  exportDone: 'Tes données sont téléchargées.',
  exportFailed: 'Impossible d’exporter tes données. Réessaye plus tard.',
  historyCsv: 'Historique de lecture (CSV)',
  libraryHint:
    'Ta bibliothèque au format de Goodreads ou de StoryGraph, à importer chez eux\u00a0: étagères, dates de lecture, pages et ISBN.',
  goodreadsCsv: 'Bibliothèque Goodreads (CSV)',
  storygraphCsv: 'Bibliothèque StoryGraph (CSV)',
  libraryDone: 'Ta bibliothèque est téléchargée.',
  deleteAccount: 'Supprimer mon compte',
  logout: 'Déconnexion',
} as const;

export const passwordChangeMessages = {
  title: 'Changer le mot de passe',
  lead: 'Au moins 8 caractères, avec une majuscule, une minuscule et un chiffre. Tes autres appareils seront déconnectés.',
  currentLabel: 'Mot de passe actuel',
  newLabel: 'Nouveau mot de passe',
  confirmationLabel: 'Confirme le nouveau mot de passe',
  submit: 'Enregistrer',
  submitting: 'Enregistrement...',
  cancel: 'Annuler',
  currentRequired: 'Le mot de passe actuel est requis',
  currentWrong: 'Le mot de passe actuel est incorrect',
  done: 'Mot de passe modifié. Tes autres appareils ont été déconnectés.',
  failed: 'Impossible de changer le mot de passe. Réessaye plus tard.',
  mailSubject: 'Ton mot de passe Lisons a été modifié',
  mailText:
    'Bonjour,\n\nLe mot de passe de ton compte Lisons vient d’être modifié, et tes autres appareils ont été déconnectés.\n\nSi ce n’est pas toi, choisis tout de suite un nouveau mot de passe avec «\u00a0Mot de passe oublié\u00a0»\u00a0: {url}\n\nL’équipe Lisons',
} as const;

export const deleteAccountMessages = {
  documentTitle: 'Supprimer mon compte',
  title: 'Supprimer mon compte',
  lead: 'La suppression est définitive. Seront supprimés\u00a0:',
  warnings: [
    'ta progression de lecture et tes validations',
    'tes XP, badges, quêtes et séries',
    'tes abonnés, tes abonnements et tes Bookys',
    'tes notifications et tes messages dans les salons',
    'tes demandes de livres',
    'ta photo de profil et tes fichiers',
  ],
  exportFirst: 'Tu peux d’abord exporter tes données depuis les Paramètres.',
  subscriptionActive:
    'Ton abonnement annuel est actif\u00a0: résilie-le d’abord depuis l’espace client Stripe, sinon il continuera d’être prélevé.',
  manageSubscription: 'Gérer mon abonnement',
  submit: 'Supprimer mon compte',
  cancel: 'Annuler',
  confirmTitle: 'Supprimer définitivement ton compte\u00a0?',
  confirmText: 'Saisis ton mot de passe pour confirmer. Cette action est irréversible.',
  passwordLabel: 'Mot de passe',
  confirm: 'Supprimer définitivement',
  deleting: 'Suppression...',
  // The spec's texts, word for word.
  deleted: 'Compte supprimé avec succès',
  sessionExpired: 'Session expirée. Reconnecte-toi pour confirmer la suppression.',
  failed: 'Erreur lors de la suppression du compte',
  // Ours.
  passwordRequired: 'Le mot de passe est requis',
  passwordWrong: 'Mot de passe incorrect',
  mailSubject: 'Ton compte Lisons est supprimé',
  mailText:
    'Bonjour,\n\nTon compte Lisons et toutes les données qui y étaient liées viennent d’être supprimés. Merci d’avoir lu avec nous.\n\nL’équipe Lisons',
} as const;
