// Covers in the back office (docs/architecture.md#back-office): the spec's words where it
// has them, ours (with 'tu') where it is silent.

/** Uploading a book's cover (the spec's blog-image rule: images only, 5 MB). */
export const coverUploadMessages = {
  // The spec's texts.
  notAnImage: 'Veuillez sélectionner un fichier image',
  tooLarge: "L'image doit faire moins de 5MB",
  // Ours.
  unreadable: 'Cette image est illisible. Essaie une image JPEG, PNG ou WebP.',
  unsupportedFormat: "Ce format d'image n'est pas accepté. Essaie une image JPEG, PNG ou WebP.",
  tooManyPixels: 'Cette image est trop grande. Essaie une image de moins de 50\u00a0mégapixels.',
  bookNotFound: "Ce livre n'existe pas.",
  fileNotFound: "Cette couverture n'existe pas.",
  label: 'Couverture',
  choose: 'Choisir une image de couverture',
  change: 'Changer la couverture',
  uploading: 'Envoi…',
  hint: 'JPEG, PNG ou WebP, 5\u00a0Mo au plus. Elle est recadrée en 2:3.',
  saved: 'Couverture mise à jour',
  // The spec mentions a cover upload error without its text.
  failed: "Impossible d'enregistrer la couverture. Réessaie.",
  pageTitle: 'Couverture d’un livre',
  bookLabel: 'Identifiant ou slug du livre',
  find: 'Chercher',
} as const;

/** The auto-covers page and its batch. */
export const autoCoverMessages = {
  title: 'Couvertures automatiques',
  intro:
    'Dessine une couverture pour les livres qui n’en ont pas (ou dont la couverture dessinée est ancienne).',
  groupLabel: 'Groupe',
  groups: {
    all: 'Tous',
    'ancien-testament': 'Ancien Testament',
    'nouveau-testament': 'Nouveau Testament',
    talmud: 'Talmud',
    autres: 'Autres',
  },
  limitLabel: 'Limite',
  limitHint: 'De 1 à 2000 (500 si vide).',
  refresh: 'Rafraîchir',
  generate: 'Générer',
  generating: 'Génération…',
  toProcess: '{count} livres à traiter',
  toProcessOne: '1 livre à traiter',
  preview: 'Aperçu des 10 premiers',
  loading: 'Chargement…',
  // The spec's text.
  loadError: 'Erreur de chargement',
  nothingToDo: 'Rien à faire',
  batchDone: 'Batch terminé',
  batchSummary: '{ok} OK, {errors} erreurs',
  // Ours.
  progressLabel: 'Progression du batch',
  progress: '{processed} / {total}',
  running: 'Batch en cours…',
  failuresTitle: 'Échecs (10 premiers)',
  alreadyRunning: 'Un batch est déjà en cours.',
  invalidLimit: 'La limite doit être un nombre entier de 1 à 2000.',
  invalidGroup: 'Groupe inconnu.',
  drawFailed: 'Le dessin de la couverture a échoué.',
  bookGone: "Ce livre n'existe plus.",
  startFailed: 'Impossible de lancer le batch. Réessaie.',
} as const;

/** The audit page: the checks run in sequence on the server. */
export const coverAuditMessages = {
  title: 'Audit',
  intro:
    'Vérifie la chaîne des couvertures sur le serveur\u00a0: session, droits, dessin, enregistrement, adresse publique et suppression.',
  run: 'Lancer l’audit',
  running: 'Audit en cours…',
  logLabel: 'Journal de l’audit',
  idle: 'Aucun audit lancé.',
  stepOk: 'Réussi\u00a0: ',
  stepFailed: 'Échec\u00a0: ',
  // The spec's text.
  allOk: 'Audit terminé : TOUT OK',
  failed: 'Échec: {message}',
  // The steps and their failures (the spec names them, without their texts).
  steps: {
    session: 'Session',
    admin: 'Droits administrateur',
    draw: 'Dessin d’une couverture',
    size: 'Taille du JPEG',
    store: 'Enregistrement du fichier',
    publicUrl: 'Adresse publique',
    bookUpdate: 'Mise à jour du livre (puis retour à l’état initial)',
    remove: 'Suppression du fichier',
  },
  noSession: 'Aucune session\u00a0: reconnecte-toi.',
  notAdmin: 'Ce compte n’est pas administrateur.',
  drawUnavailable: 'Le dessin des couvertures est indisponible sur ce serveur.',
  jpegTooSmall: 'Le JPEG généré est trop petit ({bytes}\u00a0octets, 1000 au moins).',
  publicUrlNotFound: 'Adresse publique introuvable\u00a0: {url}',
  noBook: 'Aucun livre dans le catalogue pour essayer la mise à jour.',
  bookUpdateFailed: 'La mise à jour du livre a échoué.',
  removeFailed: 'Le fichier est toujours servi après sa suppression.',
  streamFailed: 'La connexion au serveur a été interrompue.',
} as const;
