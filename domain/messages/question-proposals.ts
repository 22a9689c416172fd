// Readers propose the question of a segment and review others' (decision 045): our words,
// with 'tu'. The invitation and the rejection reasons are the issue's, word for word.

export const questionProposalsMessages = {
  // The book page, on a segment without an approved question.
  invitation:
    'Tu es parmi les premiers à lire ce passage\u00a0: propose la question que devront résoudre les lecteurs suivants.',
  noQuestionYet: 'Ce passage n’a pas encore de question.',
  proposeCta: 'Proposer la question',
  proposeMore: 'Proposer une autre question pour ce passage',
  formTitle: 'Ta question sur les pages {from} à {to}',
  fields: {
    question: 'La question',
    questionHint: 'Une question dont la réponse tient en un mot, trouvée dans ces pages.',
    answer: 'La réponse (un seul mot)',
    location: 'Où la réponse se trouve',
    locationHint:
      'Un chapitre ou des pages, par exemple «\u00a0chapitre 3\u00a0» ou «\u00a0p.\u00a042-45\u00a0».',
  },
  submit: 'Envoyer ma question',
  submitting: 'Envoi…',
  // After sending.
  sentCounted:
    'Merci\u00a0! Ta question attend sa relecture, et ce passage compte comme lu. Tu gagneras l’XP du passage et 20\u00a0XP de plus quand elle sera publiée.',
  sentPool:
    'Merci\u00a0! Ta question attend sa relecture. Tu gagneras 20\u00a0XP quand elle sera publiée.',
  pendingMine: 'Ta question sur ce passage attend sa relecture.',
  // Ours, for the screens (the book page, the form, the review page, the back office).
  pendingTitle: 'Tes questions en attente',
  pendingPlace: 'Pages {from} à {to}',
  close: 'Fermer',
  formError: 'Ta question n’a pas pu être envoyée. Réessaie dans un instant.',

  // Refusals.
  segmentNotReached: 'Tu pourras proposer une question pour ce passage quand tu l’auras atteint.',
  answerInBook:
    'La réponse se lit dans le titre ou la présentation du livre\u00a0: choisis un mot qu’on ne trouve qu’en lisant ces pages.',
  duplicate: 'Cette question est déjà proposée pour ce passage.',
  alreadyPending: 'Ta question précédente sur ce passage attend encore sa relecture.',
  locationEmpty: 'Indique où se trouve la réponse (un chapitre ou des pages).',
  locationTooLong: 'L’emplacement doit faire 80 caractères au plus.',
  proposalsPerDay:
    'Tu as proposé beaucoup de questions aujourd’hui. Reviens demain pour en proposer d’autres.',

  // The review page and queue.
  reviewDocumentTitle: 'Relire des questions',
  reviewTitle: 'Relire des questions',
  reviewLead:
    'Ces questions portent sur des passages que tu as lus. Vérifie que la réponse tient en un mot, qu’elle se trouve dans ces pages et qu’on ne la devine pas sans les lire.',
  reviewEmpty:
    'Aucune question à relire pour l’instant. Merci de veiller sur les questions des autres lecteurs\u00a0!',
  reviewFromBook: 'Relire les questions proposées pour ce livre ({count})',
  reviewItemPlace: '«\u00a0{title}\u00a0», pages {from} à {to}',
  reviewAnswer: 'Réponse\u00a0: {answer}',
  reviewLocation: 'Où\u00a0: {location}',
  approve: 'Approuver',
  editThenApprove: 'Corriger puis approuver',
  saveAndApprove: 'Enregistrer et approuver',
  reject: 'Refuser',
  rejectReasonLabel: 'Pourquoi refuser cette question\u00a0?',
  confirmReject: 'Refuser la question',
  cancel: 'Annuler',
  approved: 'Merci, ton avis est enregistré.',
  rejected: 'Merci, la question est refusée.',
  notEligible: 'Tu ne peux pas relire cette question.',
  ownQuestion: 'Tu ne peux pas relire ta propre question.',
  alreadyReviewed: 'Tu as déjà donné ton avis sur cette question.',
  alreadyDecided: 'Cette question a déjà été publiée ou refusée.',
  reasonRequired: 'Choisis la raison du refus.',
  reviewLevel: 'La relecture s’ouvre au niveau {level}.',
  questionNotFound: 'Cette question n’existe pas ou n’est plus à relire.',
  bookNotFound: 'Ce livre n’existe pas ou n’est plus disponible.',
  reviewMenu: 'Relire des questions',
  reviewLoading: 'Chargement des questions à relire…',
  reviewLoadError: 'Impossible de charger les questions à relire.',
  reviewActionError: 'Ton avis n’a pas pu être enregistré. Réessaie dans un instant.',
  retry: 'Réessayer',
  loadMore: 'Afficher plus',
  reviewAllBooks: 'Voir les questions de tous les livres',
  reviewSignIn: 'Connecte-toi pour relire les questions proposées par les autres lecteurs.',
  signIn: 'Se connecter',
  reviewEditTitle: 'Corriger la question',

  // The back office's questions screen: a segment's pool.
  poolOthers: 'Les autres questions de ce segment',
  byReader: 'Proposée par un lecteur',

  // « Signaler cette question » (after an answer or a lock).
  report: 'Signaler cette question',
  reportReasonLabel: 'Qu’est-ce qui ne va pas\u00a0?',
  reportSubmit: 'Envoyer le signalement',
  reported: 'Merci, ton signalement est enregistré.',
  alreadyReported: 'Tu as déjà signalé cette question.',
  reportNotAsked: 'Tu ne peux signaler qu’une question qui t’a été posée.',
  reportReasonRequired: 'Choisis ce qui ne va pas.',
  reportError: 'Ton signalement n’a pas pu être envoyé. Réessaie dans un instant.',
  // A question's figures (review queue, back office).
  figures: {
    attempts: { one: '{n} lecteur', many: '{n} lecteurs' },
    firstTry: { one: '{n} du premier coup', many: '{n} du premier coup' },
    jokers: { one: '{n} joker', many: '{n} jokers' },
    reports: { one: '{n} signalement', many: '{n} signalements' },
  },
  returnedToReview: 'Revenue en relecture d’après ses résultats',

  // Notifications to the author.
  approvedNotification: 'Ta question sur «\u00a0{title}\u00a0» est publiée\u00a0: +{xp}\u00a0XP.',
  rejectedNotification:
    'Ta question sur «\u00a0{title}\u00a0» n’a pas été retenue\u00a0: {reason}.',
} as const;

/** The reasons a reviewer may give for a rejection, by code (the words). */
export const rejectionReasons = {
  ambiguous: 'Réponse ambiguë',
  guessable: 'Devinable sans avoir lu',
  outside: 'Hors de ce segment',
  error: 'Erreur dans la question ou la réponse',
  duplicate: 'Doublon',
} as const;

/** The reasons a reader gives when reporting a question, by code. */
export const reportReasons = {
  ambiguous: 'Plusieurs réponses possibles',
  outside: 'La réponse n’est pas dans ces pages',
  error: 'Erreur dans la question ou la réponse',
  offensive: 'Contenu choquant',
} as const;

/** The published-questions badges (domain/rewards.ts). */
export const questionBadgeTexts = {
  'premiere-question': {
    name: 'Première question',
    description: 'Une question que tu as écrite est publiée.',
  },
  'dix-questions': {
    name: 'Dix questions',
    description: 'Dix questions que tu as écrites sont publiées.',
  },
  'cinquante-questions': {
    name: 'Cinquante questions',
    description: 'Cinquante questions que tu as écrites sont publiées.',
  },
} as const;
