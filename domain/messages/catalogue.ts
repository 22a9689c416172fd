/** The product's French texts of the catalogue and the reading list. */
export const catalogueMessages = {
  // Book object checks.
  bookIdEmpty: "L'ID du livre ne peut pas être vide",
  bookTitleEmpty: 'Le titre ne peut pas être vide',
  bookIdOrSlugInvalid: 'Le livre doit avoir un ID ou un slug valide',
  bookNull: 'Le livre ne peut pas être null ou undefined',
  // Reading list errors by code (docs/architecture.md#reading-status-and-progress).
  alreadyInList: 'Le livre "{title}" est déjà dans votre liste de lecture',
  invalidBook: 'Livre invalide: {reason}',
  addAuthRequired: 'Vous devez être connecté pour ajouter un livre à votre liste',
  unexpected: 'Une erreur inattendue est survenue',
  addSuccess: '"{title}" ajouté à votre liste de lecture',
  addFailed: 'Impossible d\'ajouter "{title}" à votre liste',
  removeSuccess: '« {title} » retiré de ta liste de lecture',
  removeFailed: 'Impossible de retirer « {title} » de ta liste',
  notInList: "Ce livre n'est pas dans ta liste de lecture",
  bookNotFound: "Le livre avec l'identifiant {id} n'existe pas",
  bookUnavailable: 'Ce livre est actuellement indisponible',
  listLoadFailed: 'Erreur lors du chargement de vos livres',
  listLoadFailedPage: 'Une erreur est survenue lors du chargement de vos livres.',
  // Search (docs/architecture.md#search).
  searchFailed: "Erreur de recherche : Impossible d'effectuer votre recherche",
  searchNoMatch: 'Aucun livre ne correspond à votre recherche',
  searchTooLong: 'La recherche est trop longue (100 caractères au plus)',
  invalidCategory: 'Catégorie inconnue : choisis Littérature, Religion, Essai ou Bio',
  invalidPage: 'Numéro de page invalide',
  invalidSort: 'Tri inconnu : choisis date, auteur ou pages',
} as const;

/** Category labels of the explore tabs (docs/architecture.md#screens). */
export const categoryLabels = {
  litterature: 'Littérature',
  religion: 'Religion',
  essai: 'Essai',
  bio: 'Bio',
} as const;

/** Book card and book grid (docs/architecture.md#screens). */
export const bookCardMessages = {
  unknownTitle: 'Titre inconnu',
  unknownAuthor: 'Auteur inconnu',
  status: {
    completed: 'Terminé',
    in_progress: 'En cours de lecture',
    to_read: 'À lire',
  },
  pages: '{pages} pages',
  tagsLabel: 'Thèmes',
  showMore: 'Voir plus de livres',
  shownOf: '{shown} sur {total} livres affichés',
} as const;

/**
 * Adding to and removing from the reading list, from a card or a book page
 * (docs/architecture.md#reading-status-and-progress).
 */
export const listActionMessages = {
  addToList: 'Ajouter à ma liste',
  adding: 'Ajout...',
  addOther: 'Erreur: {message}',
  signIn: 'Se connecter',
  remove: 'Retirer',
  // No-break spaces inside « » and before '?': the marks never start a line.
  removeTitle: 'Retirer «\u00a0{title}\u00a0» de ta liste\u00a0?',
  removeText:
    "Le livre quitte ta liste, mais ta progression est gardée : si tu le rajoutes, tu reprendras là où tu t'étais arrêté.",
  cancel: 'Annuler',
  confirmRemove: 'Retirer de ma liste',
  removing: 'Retrait...',
} as const;

/** /home: the search bar and the current reading (docs/architecture.md#screens). */
export const homeMessages = {
  documentTitle: 'Accueil',
  title: "Que veux-tu lire aujourd'hui ?",
  searchLabel: 'Rechercher un livre',
  searchPlaceholder: 'Rechercher un livre par titre, auteur...',
  searchSubmit: 'Rechercher',
  searching: 'Recherche en cours...',
  resultsTitle: 'Résultats pour «\u00a0{query}\u00a0»',
  resultsCountOne: '1 livre trouvé',
  resultsCountMany: '{count} livres trouvés',
  opening: 'Ouverture de «\u00a0{title}\u00a0»...',
  backHome: "Retour à l'accueil",
  noResultTitle: 'Aucun livre trouvé',
  noResultText: 'Essayez une autre recherche ou explorez notre catalogue',
  exploreBooks: 'Explorer les livres',
  currentTitle: 'Lectures en cours',
  currentLead: 'Reprends ta lecture',
  continueReading: 'Continuer la lecture',
  statistics: 'Voir mes statistiques',
  seeAll: 'voir les {count} livres',
  emptyTitle: 'Aucune lecture en cours',
  emptyText: 'Commencez votre prochaine aventure de lecture',
  currentLoadFailed: 'Erreur lors du chargement de vos lectures en cours',
  retry: 'Réessayer',
} as const;

/** /explore (docs/architecture.md#screens). */
export const exploreMessages = {
  documentTitle: 'Explorer',
  title: 'Explorer le catalogue',
  lead: 'Des classiques à lire 30 pages à la fois, rangés par catégorie.',
  categoriesLabel: 'Catégories',
  searchLabel: 'Rechercher dans la catégorie',
  searchPlaceholder: 'Titre ou auteur…',
  searchHint: 'La recherche commence à partir de 2 caractères.',
  sortLabel: 'Trier par',
  sorts: { date: "Date d'ajout", author: 'Auteur', pages: 'Nombre de pages' },
  loading: 'Chargement des livres...',
  countOne: '1 livre',
  countMany: '{count} livres',
  empty: 'Aucun livre dans cette catégorie.',
  emptyReady: 'Aucun livre prêt à valider dans cette catégorie pour le moment.',
  unknownError: 'Erreur inconnue',
  pagerLabel: 'Pagination',
  previous: 'Précédent',
  next: 'Suivant',
  page: 'Page {page}',
} as const;

/** /search (docs/architecture.md#screens): the query only, results to come. */
export const searchPageMessages = {
  documentTitle: 'Recherche',
  title: 'Recherche',
  fieldLabel: 'Ta recherche',
  comingSoon:
    "Les résultats de recherche arrivent bientôt sur cette page. En attendant, cherche un livre depuis l'accueil ou parcours le catalogue.",
  exploreBooks: 'Explorer les livres',
} as const;

/** /books/{id or slug} (docs/architecture.md#screens). */
export const bookDetailMessages = {
  loading: 'Chargement du livre...',
  loadFailed: 'Erreur lors du chargement du livre',
  back: 'Retour',
  exploreBooks: 'Explorer les livres',
  coverAlt: 'Couverture de «\u00a0{title}\u00a0»',
  pages: '{pages} pages',
  segmentsOne: '1 segment de 30 pages',
  segmentsMany: '{count} segments de 30 pages',
  descriptionTitle: 'Résumé',
  tagsLabel: 'Thèmes',
  progressTitle: 'Ma progression',
  progressLabel: 'Progression de lecture',
  percent: '{percent} %',
  segmentsDone: '{done} sur {total} segments validés',
  nextSegment: "Prochaine étape : segment {segment}, jusqu'à la page {page}",
  jokers: 'Jokers : {used} / {allowed} utilisés',
  noJokers: 'Jokers disponibles à partir de 3 segments',
  start: 'Commencer ma lecture',
  validate: 'Valider ma lecture',
  signInText: 'Vous devez être connecté pour commencer ou valider votre lecture',
  signIn: 'Se connecter',
  congratsTitle: 'Félicitations !',
  congratsText:
    "Tu as terminé ce livre. Rejoins le salon pour partager tes impressions avec les lecteurs qui l'ont lu.",
  chatLink: 'Rejoindre le salon du livre',
} as const;

/** /reading-list (docs/architecture.md#screens). */
export const readingListMessages = {
  documentTitle: 'Ma liste',
  title: 'Ma liste de lecture',
  loading: 'Chargement de tes livres...',
  inProgress: 'En cours de lecture',
  toRead: 'À lire',
  completed: 'Livres terminés',
  continueReading: 'Continuer la lecture',
  start: 'Commencer la lecture',
  reread: 'Relire',
  completedOn: 'Terminé le {date}',
  percentDone: '{percent} % terminé',
  emptyTitle: 'Aucune lecture trouvée',
  emptyText: "Vous n'avez pas encore de livres dans votre liste de lecture.",
  exploreBooks: 'Explorer les livres',
  retry: 'Réessayer',
} as const;

/**
 * Whether a book can be validated yet (domain/readiness.ts): its cards, its page, the
 * explore and search filter. No-break spaces before ':' (French typography).
 */
export const readinessMessages = {
  ready: 'Questions prêtes',
  none: 'Questions à venir',
  partialOne: '1 segment prêt sur {total}',
  partialMany: '{ready} segments prêts sur {total}',
  readyCountOne: '1 segment prêt',
  readyCountMany: '{total} segments prêts',
  comingAddFirst:
    "Les questions de ce livre arrivent bientôt\u00a0: tu peux déjà l'ajouter à ta liste.",
  comingInList:
    "Les questions de ce livre arrivent bientôt\u00a0: tu pourras valider ta lecture dès qu'elles seront prêtes.",
  comingSegment:
    "La question du segment {segment} arrive bientôt\u00a0: tu pourras le valider dès qu'elle sera prête.",
  filter: 'Prêts à valider',
  filterHint: 'Seulement les livres dont toutes les questions sont prêtes',
  invalidFilter: 'Filtre «\u00a0prêts à valider\u00a0» invalide\u00a0: choisis 1 ou 0',
} as const;
