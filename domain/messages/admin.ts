// The back office's French texts (docs/architecture.md#back-office): the spec's words where
// it has them, ours (with 'tu') where it is silent. Other admin pages keep their texts in
// their own module's file.

/** The gate and the navigation of every /admin page. */
export const adminShellMessages = {
  // The spec's texts: the admin area and its gate.
  deniedTitle: 'Accès refusé',
  deniedText: "Vous n'avez pas les droits d'administration nécessaires pour accéder à cette page.",
  // Ours.
  checking: 'Vérification des droits…',
  title: 'Administration',
  navLabel: "Sections de l'administration",
  nav: {
    dashboard: 'Tableau de bord',
    autoCovers: 'Auto-covers',
    audit: 'Audit',
    bookRequests: 'Demandes',
    blog: 'Blog',
    journal: 'Journal',
  },
};

/** The audit trail (/admin/journal): every administrator's write, with filters. */
export const auditTrailMessages = {
  title: 'Journal des actions',
  intro: 'Chaque modification faite par un administrateur\u00a0: qui, quoi, quand, avant et après.',
  filtersLabel: 'Filtrer le journal',
  admin: 'Administrateur',
  anyAdmin: 'Tous',
  action: 'Action',
  entity: 'Élément',
  from: 'Du',
  to: 'Au',
  apply: 'Filtrer',
  reset: 'Effacer les filtres',
  when: 'Date',
  who: 'Qui',
  what: 'Quoi',
  details: 'Détails',
  before: 'Avant',
  after: 'Après',
  deletedAdmin: 'Compte supprimé',
  empty: 'Aucune action enregistrée pour ces filtres.',
  loading: 'Chargement du journal…',
  loadError: 'Erreur lors de la récupération des données',
  retry: 'Réessayer',
  previous: 'Précédent',
  next: 'Suivant',
  page: 'Page {page}',
  // Server-side input errors.
  invalidDate: 'Date invalide (format attendu\u00a0: AAAA-MM-JJ)',
  invalidAdmin: 'Administrateur inconnu',
  invalidPage: 'Numéro de page invalide',
  rangeReversed: 'La date de début doit précéder la date de fin',
};

/** The dashboard (/admin): exports, books, questions, segments, deploy webhook. */
export const adminDashboardMessages = {
  title: 'Tableau de bord',
  tabsLabel: 'Sections du tableau de bord',
  tabs: { books: 'Livres', segments: 'Segments', blog: 'Blog', settings: 'Réglages' },
  settingsPlaceholder: 'Les réglages arriveront bientôt.',
  blogLink: 'Ouvrir le gestionnaire du blog',
  // The spec's admin toasts.
  loadError: 'Erreur lors de la récupération des données',
  retry: 'Réessayer',
};

/** The books tab: table, add, edit, delete. */
export const adminBooksMessages = {
  // The spec's new-book and edit-book forms.
  titleRequired: 'Le titre est requis',
  authorRequired: "L'auteur est requis",
  pagesRequired: 'Le nombre de pages est requis',
  pagesInvalid: 'Le nombre de pages doit être un nombre valide',
  slugMissing: 'Le slug du livre est manquant',
  // The spec's admin toasts.
  updateError: 'Erreur : Impossible de mettre à jour le livre',
  segmentsError: 'Impossible de générer les segments',
  addError: "Impossible d'ajouter le livre",
  deleteError: 'Erreur de suppression',
  // Ours.
  searchLabel: 'Rechercher un livre',
  searchPlaceholder: 'Titre ou auteur…',
  sortLabel: 'Trier par',
  sorts: {
    created: 'Ajout récent',
    title: 'Titre',
    author: 'Auteur',
    pages: 'Pages',
    coverage: 'Questions manquantes',
  },
  originFilter: 'Origine',
  originAll: 'Tous les livres',
  originCommunity: 'Ajoutés par la communauté (à confirmer)',
  communityBadge: 'Ajouté par la communauté',
  confirm: 'Confirmer',
  confirmed: 'Livre confirmé\u00a0: il n’est plus marqué «\u00a0Ajouté par la communauté\u00a0».',
  alreadyConfirmed:
    'Ce livre n’attend pas de confirmation\u00a0: il n’a pas été ajouté par un lecteur, ou il est déjà confirmé.',
  confirmError: 'Impossible de confirmer le livre',
  originReported: 'Signalés par des lecteurs',
  reportsCount: { one: '{n} signalement', many: '{n} signalements' },
  // Merging a duplicate into another book (decision 048).
  merge: 'Fusionner avec un autre livre',
  mergeTitle: 'Fusionner «\u00a0{title}\u00a0» avec un autre livre',
  mergeLead:
    'Les listes de lecture, progressions, validations, questions, salons et activités de ce livre passent au livre gardé, puis ce livre est supprimé.',
  mergeInto: 'Le livre à garder',
  mergeSubmit: 'Fusionner',
  merged: '«\u00a0{from}\u00a0» est fusionné avec «\u00a0{into}\u00a0».',
  mergeSame: 'Choisis un autre livre que celui-ci.',
  mergeNotFound: 'L’un des deux livres n’existe plus.',
  mergeError: 'Impossible de fusionner les livres',
  publishedFilter: 'Publication',
  publishedAny: 'Tous',
  publishedOnly: 'Publiés',
  unpublishedOnly: 'Non publiés',
  tableLabel: 'Livres du catalogue',
  columns: {
    title: 'Titre',
    author: 'Auteur',
    pages: 'Pages',
    published: 'Publié',
    questions: 'Questions',
    actions: 'Actions',
  },
  yes: 'Oui',
  no: 'Non',
  coverage: '{ready}/{expected}',
  count: { one: '{n} livre', many: '{n} livres' },
  empty: 'Aucun livre ne correspond.',
  loading: 'Chargement des livres…',
  add: 'Ajouter un livre',
  addTitle: 'Nouveau livre',
  edit: 'Modifier',
  editTitle: 'Modifier «\u00a0{title}\u00a0»',
  questions: 'Questions',
  delete: 'Supprimer',
  cancel: 'Annuler',
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  fields: {
    title: 'Titre',
    author: 'Auteur',
    pages: 'Nombre de pages',
    description: 'Description',
    category: 'Catégorie',
    tags: 'Étiquettes (séparées par des virgules)',
    year: 'Année',
    published: 'Publié',
    cover: 'Couverture',
  },
  noCover: 'Pas encore de couverture',
  slugPreview: 'Adresse\u00a0: /books/{slug}',
  added: 'Livre ajouté',
  addedSegments: {
    one: 'Livre ajouté\u00a0: {n} segment à remplir',
    many: 'Livre ajouté\u00a0: {n} segments à remplir',
  },
  updated: 'Livre mis à jour',
  slugTaken: 'Un livre a déjà ce titre et cet auteur',
  bookNotFound: 'Livre introuvable',
  titleTooLong: 'Le titre est trop long (200 caractères au plus)',
  authorTooLong: "Le nom de l'auteur est trop long (200 caractères au plus)",
  descriptionTooLong: 'La description est trop longue (5 000 caractères au plus)',
  pagesTooMany: 'Le nombre de pages doit être compris entre 1 et 20 000',
  yearInvalid: "L'année doit être un nombre entier",
  categoryInvalid: 'Catégorie inconnue',
  tagsInvalid: 'Étiquettes invalides (20 au plus, 50 caractères chacune)',
  searchTooLong: 'Recherche trop longue (100 caractères au plus)',
  invalidSort: 'Tri inconnu',
  invalidPage: 'Numéro de page invalide',
  deleteTitle: 'Supprimer «\u00a0{title}\u00a0»\u00a0?',
  deleteText: 'Le livre et ses questions seront supprimés définitivement.',
  deleteInUseText:
    'Des lecteurs ont ce livre dans leur liste\u00a0: il ne sera pas supprimé, pour garder leur historique. Il sera dépublié (retiré du catalogue), et tu pourras le republier plus tard.',
  deleteConfirm: 'Supprimer définitivement',
  unpublishConfirm: 'Dépublier',
  deleted: 'Livre supprimé',
  unpublished: 'Livre dépublié\u00a0: des lecteurs l’avaient dans leur liste',
  readersCount: { one: '{n} lecteur', many: '{n} lecteurs' },
  previous: 'Précédent',
  next: 'Suivant',
  page: 'Page {page} sur {pages}',
};

/** A book's questions, one per segment. */
export const adminQuestionsMessages = {
  // The spec's texts.
  segmentRequired: 'Segment non sélectionné',
  questionEmpty: 'Question invalide : La question ne peut pas être vide',
  answerEmpty: 'Réponse invalide : La réponse ne peut pas être vide',
  answerOneWord: 'La réponse doit contenir un seul mot',
  addError: "Impossible d'ajouter la question",
  // Ours.
  questionTooLong: 'Question invalide\u00a0: La question est trop longue (500 caractères au plus)',
  answerTooLong: 'Réponse invalide\u00a0: La réponse est trop longue (50 caractères au plus)',
  segmentOutOfBook: 'Ce segment est au-delà de la fin du livre',
  title: 'Questions de «\u00a0{title}\u00a0»',
  loading: 'Chargement des questions…',
  back: 'Retour aux livres',
  segment: 'Segment {n}',
  pages: 'pages {from} à {to}',
  question: 'Question',
  answer: 'Réponse (un seul mot)',
  accepts: 'Accepté aussi\u00a0:',
  acceptsNothing: 'Saisis une réponse pour voir ce qui sera accepté.',
  save: 'Enregistrer',
  saved: 'Question enregistrée',
  remove: 'Retirer',
  removed: 'Question retirée',
  empty: 'À remplir',
  beyond: 'Au-delà de la fin du livre',
  status: { complete: 'Complet', incomplete: 'Incomplet', missing: 'Aucune question' },
  progress: '{available}/{expected} segments',
  import: 'Importer des questions',
  importHelp:
    'Un fichier JSON (format de data/questions) ou CSV (segment;question;réponse). Tout est importé, ou rien si une ligne est en erreur.',
  importFile: 'Fichier à importer',
  importing: 'Import…',
  imported: { one: '{n} question importée', many: '{n} questions importées' },
  importFailed: 'Rien n’a été importé\u00a0:',
  importEmpty: 'Le fichier ne contient aucune question',
  importFormat: 'Format inconnu\u00a0: un fichier JSON ou CSV est attendu',
  importJson: 'JSON invalide\u00a0: {message}',
  importOtherBook: 'Ce fichier est celui du livre «\u00a0{book}\u00a0»',
  importLine: 'Ligne {line}\u00a0: {message}',
  importSegment: 'Segment invalide (un nombre entier à partir de 1)',
  importDuplicate: 'Segment {segment} en double',
  importColumns: 'Trois colonnes attendues (segment;question;réponse)',
  importTooMany: 'Trop de questions (2 000 au plus)',
  segmentZeroMoved: 'Segment 0 déplacé en segment 1',
  segmentZeroDropped: 'Segment 0 supprimé (le segment 1 existe déjà)',
  segmentZeroTool: 'Segment 0 (données importées)',
  segmentZeroHelp:
    "Les anciennes données numérotaient parfois les segments à partir de 0. L'import déplace le segment 0 en segment 1, ou le supprime si le segment 1 existe déjà.",
};

/** The segment status of every book. */
export const adminSegmentsMessages = {
  title: 'État des segments',
  intro: 'Incomplets d’abord, puis sans question, puis complets.',
  tableLabel: 'État des segments par livre',
  columns: { book: 'Livre', status: 'État', available: 'Questions', missing: 'Segments manquants' },
  more: '+{n}',
  empty: 'Aucun livre.',
  loading: 'Chargement des segments…',
  exportMissing: 'Exporter les segments manquants (CSV)',
};

/** Exports. */
export const adminExportsMessages = {
  // The spec's texts.
  signedOut: 'Vous devez être connecté pour exporter les données',
  sqlError: "Erreur d'export : impossible de générer le fichier SQL complet",
  sqlDone: 'Export complet réussi : le fichier SQL a été téléchargé',
  // Ours.
  title: 'Exports',
  csv: 'Exporter le catalogue (CSV)',
  sql: 'Export SQL complet',
  exporting: 'Export en cours…',
  csvDone: 'Catalogue exporté',
  csvError: "Erreur d'export\u00a0: impossible de générer le fichier CSV",
  missingDone: 'Segments manquants exportés',
};

/** The deploy webhook (no hosting brand). */
export const deployWebhookMessages = {
  // The spec's texts, without the hosting brand it names.
  notConfigured: "Veuillez d'abord configurer l'URL du webhook",
  triggerError: 'Erreur lors du déclenchement du redéploiement',
  // Ours.
  title: 'Redéploiement',
  intro:
    "L'adresse du webhook de ton hébergeur. Elle reste sur le serveur, seuls les administrateurs la voient.",
  urlLabel: 'URL du webhook',
  save: 'Enregistrer',
  saved: 'URL du webhook enregistrée',
  cleared: 'URL du webhook retirée',
  httpsOnly: "L'URL doit commencer par https://",
  invalidUrl: 'URL invalide',
  trigger: 'Redéployer',
  triggering: 'Déclenchement…',
  triggered: 'Redéploiement déclenché',
};
