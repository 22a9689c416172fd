import type { PluralForms } from './fill';

// Texts of decision 028: insights, goals, streak freezes, the year in review, the import, the
// 'Abandonné' shelf and the theme switch. Typography: a no-break space (U+00A0) before : ; ? !
// and inside «\u00a0», and between a number and its unit.

export const insightsMessages = {
  sectionTitle: 'Tes habitudes de lecture',
  loading: 'Chargement de tes statistiques...',
  loadFailed: 'Impossible de charger tes statistiques.',
  retry: 'Réessayer',
  calendarTitle: 'Calendrier de lecture',
  calendarSummary: {
    one: '{n} page validée sur les 12 derniers mois',
    many: '{n} pages validées sur les 12 derniers mois',
  } satisfies PluralForms,
  calendarDay: {
    one: '{day}\u00a0: {n} page',
    many: '{day}\u00a0: {n} pages',
  } satisfies PluralForms,
  calendarLegendLess: 'Moins',
  calendarLegendMore: 'Plus',
  weeksTitle: 'Pages par semaine',
  monthsTitle: 'Pages par mois',
  weekOf: 'Semaine du {day}',
  periodColumn: 'Période',
  pagesColumn: 'Pages',
  showTable: 'Voir le tableau',
  categoriesTitle: 'Livres par catégorie',
  noCategories: 'Valide un segment pour voir tes catégories.',
  booksCount: { one: '{n} livre', many: '{n} livres' } satisfies PluralForms,
  paceTitle: 'Rythme moyen',
  pace: '{pace}\u00a0pages par jour',
  paceHint: 'Sur les 28 derniers jours.',
  projectionsTitle: 'Tes lectures en cours',
  projection: 'À ce rythme, tu le finis vers le {date}',
  noProjection: 'Valide un segment pour estimer ta date de fin.',
  reviewLink: 'Voir mon bilan {year}',
  freezes: {
    one: '{n} gel de série en réserve',
    many: '{n} gels de série en réserve',
  } satisfies PluralForms,
  freezesHint:
    'Chaque série de 7\u00a0jours te donne un gel (2 au plus)\u00a0: un jour manqué le dépense et ta série continue.',
};

export const goalMessages = {
  title: 'Objectif {year}',
  none: "Tu n'as pas encore d'objectif pour cette année.",
  kindLabel: 'Type d’objectif',
  kinds: { books: 'Livres', pages: 'Pages' },
  targetLabel: 'Nombre à atteindre',
  save: 'Enregistrer l’objectif',
  saving: 'Enregistrement...',
  saved: 'Objectif enregistré',
  remove: 'Retirer l’objectif',
  removed: 'Objectif retiré',
  progress: {
    books: 'Livres terminés\u00a0: {done} sur {target}',
    pages: 'Pages validées\u00a0: {done} sur {target}',
  },
  onTrack: 'Tu es dans les temps.',
  behind: 'Un peu en retard sur le rythme de l’année\u00a0: {expected} attendus à ce jour.',
  targetInvalid: 'Indique un nombre entier entre {min} et {max}.',
  kindInvalid: 'Choisis un objectif en livres ou en pages.',
  notFound: "Tu n'as pas d'objectif pour cette année.",
  saveFailed: "Impossible d'enregistrer l’objectif.",
};

export const reviewMessages = {
  documentTitle: 'Mon bilan {year}',
  title: 'Ton bilan {year}',
  loading: 'Chargement de ton bilan...',
  loadFailed: 'Impossible de charger ton bilan.',
  yearInvalid: 'Année de bilan invalide.',
  booksFinished: 'Livres terminés',
  pages: 'Pages validées',
  longestStreak: 'Plus longue série',
  favouriteCategory: 'Catégorie préférée',
  busiestDay: 'Jour le plus lu',
  none: '—',
  empty: "Aucune lecture validée en {year}. L'année prochaine sera la bonne\u00a0!",
  share: 'Lien de partage de l’image',
  copy: 'Copier le lien',
  copied: 'Lien copié',
  imageAlt: 'Bilan de lecture {year}\u00a0: {books}, {pages}',
  imageNotFound: 'Image introuvable.',
  imageTitle: 'Mon année de lecture {year}',
};

export const importMessages = {
  documentTitle: 'Importer mes livres',
  title: 'Importer mes livres',
  intro:
    'Importe l’export CSV de Goodreads ou de StoryGraph\u00a0: tu vois d’abord ce qui sera ajouté, puis tu confirmes.',
  fileLabel: 'Fichier CSV',
  preview: 'Prévisualiser',
  previewing: 'Lecture du fichier...',
  confirm: 'Confirmer l’import',
  confirming: 'Import en cours...',
  matchedTitle: {
    one: '{n} livre trouvé dans le catalogue',
    many: '{n} livres trouvés dans le catalogue',
  } satisfies PluralForms,
  unmatchedTitle: {
    one: '{n} livre introuvable',
    many: '{n} livres introuvables',
  } satisfies PluralForms,
  alreadyInList: 'déjà dans ta liste',
  shelves: { to_read: 'À lire', read: 'Terminé', abandoned: 'Abandonné' },
  imported: {
    one: '{n} livre ajouté à ta liste',
    many: '{n} livres ajoutés à ta liste',
  } satisfies PluralForms,
  nothingToImport: 'Aucun livre à importer.',
  requestBook: 'Demander ce livre',
  requested: 'Demande envoyée',
  line: 'Ligne {line}',
  emptyFile: 'Le fichier est vide.',
  noRows: 'Le fichier ne contient aucun livre.',
  tooManyRows: 'Le fichier dépasse 5\u00a0000\u00a0lignes.',
  tooLarge: 'Le fichier dépasse 1\u00a0Mo.',
  noFile: 'Choisis un fichier CSV.',
  unknownHeader:
    'Ligne {line}\u00a0: colonnes «\u00a0Title\u00a0», «\u00a0Author\u00a0» et «\u00a0Exclusive Shelf\u00a0» (Goodreads) ou «\u00a0Title\u00a0», «\u00a0Authors\u00a0» et «\u00a0Read Status\u00a0» (StoryGraph) introuvables. Importe l’export CSV de Goodreads ou de StoryGraph.',
  malformed: 'Ligne {line}\u00a0: CSV mal formé ({reason}).',
  unclosedQuote: 'guillemet non refermé',
  fieldCount: 'nombre de colonnes inattendu',
  missingTitle: 'Ligne {line}\u00a0: titre manquant.',
  missingAuthor: 'Ligne {line}\u00a0: auteur manquant.',
  unknownShelf: 'Ligne {line}\u00a0: statut «\u00a0{shelf}\u00a0» inconnu.',
  badDate: 'Ligne {line}\u00a0: date de lecture invalide (AAAA/MM/JJ attendu).',
  selectionInvalid: 'Sélection d’import invalide.',
  failed: "Impossible d'importer le fichier.",
};

export const abandonMessages = {
  shelfTitle: 'Abandonné',
  abandon: 'Abandonner',
  resume: 'Reprendre',
  abandoned: '«\u00a0{title}\u00a0» rangé dans Abandonné',
  resumed: '«\u00a0{title}\u00a0» revient dans tes lectures',
  notInList: "Ce livre n'est pas dans ta liste.",
};
