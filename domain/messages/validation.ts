import { fillPlural } from './fill';

/** The product's French texts of segment validation, word for word (but '(s)', see below). */
export const validationMessages = {
  confirmLabel: "J'ai lu ces pages et je souhaite valider cette étape",
  confirmHint: 'Vous devez cocher la case pour valider votre lecture',
  confirmButton: 'Valider cette étape',
  confirmPending: 'Validation...',
  signInRequired: 'Vous devez être connecté pour commencer ou valider votre lecture',
  signInToValidate: 'Vous devez être connecté pour valider',
  answerRequired: 'Veuillez entrer une réponse',
  answerTooLong: 'La réponse est trop longue',
  wrongAnswer: 'Réponse incorrecte. Essayez encore !',
  // The spec's 'Il vous reste N tentative(s).' with its '(s)' resolved
  // (docs/architecture.md#french-typography).
  attemptsLeftOne: 'Il vous reste {n} tentative.',
  attemptsLeftMany: 'Il vous reste {n} tentatives.',
  maxAttempts: 'Nombre maximum de tentatives atteint. Réessayez plus tard.',
  jokersUnavailable: 'Les jokers ne sont pas disponibles pour ce livre (moins de 3 segments).',
  jokersFromThree: 'Jokers disponibles à partir de 3 segments',
  jokersRemaining: 'Jokers disponibles : {remaining} / {allowed}',
  jokersAllUsed: 'Tous vos jokers ont été utilisés pour ce livre',
  jokersLine: 'Jokers : {used} / {allowed} utilisés',
  jokerError: "Erreur lors de l'utilisation du joker. Veuillez réessayer.",
  jokerNeedsWrongAnswer: "Le joker n'est proposé qu'après une mauvaise réponse sur ce segment.",
  noQuestion: 'Aucune question trouvée pour ce segment',
  alreadyValidated: 'Ce segment a déjà été validé',
  alreadyFinished: 'Vous avez déjà terminé ce livre !',
  segmentUndetermined: 'Impossible de déterminer le segment à valider',
  locked: 'Vous pourrez réessayer dans {delay}',
  validationError: 'Erreur de validation',
  bookLoadError: 'Erreur lors du chargement du livre',
  quizPrepError: 'Erreur lors de la préparation du quiz',
} as const;

/** 'Il vous reste 1 tentative.' / 'Il vous reste 2 tentatives.' */
export function attemptsLeftMessage(n: number): string {
  return fillPlural(n, {
    one: validationMessages.attemptsLeftOne,
    many: validationMessages.attemptsLeftMany,
  });
}

/** Units of the lock countdown ('1 heure et 5 minutes', '2 minutes et 1 seconde'). */
export const countdownUnits = {
  hour: { one: '{n} heure', many: '{n} heures' },
  minute: { one: '{n} minute', many: '{n} minutes' },
  second: { one: '{n} seconde', many: '{n} secondes' },
  and: '{first} et {second}',
} as const;

/**
 * The modals of the validation flow on a book page (docs/architecture.md#validation-flow). The
 * product's texts are in validationMessages.
 */
export const validationFlowMessages = {
  cancel: 'Annuler',
  close: 'Fermer',
  loading: 'Chargement...',
  // Confirmation.
  confirmTitle: 'Valider le segment {segment}',
  confirmLead: 'Pages {from} à {to} de «\u00a0{title}\u00a0»',
  // Quiz.
  quizTitle: 'Question du segment {segment}',
  answerLabel: 'Ta réponse',
  answerHint: 'Un seul mot suffit.',
  answerSubmit: 'Valider ma réponse',
  answerPending: 'Vérification...',
  // Joker offer (the joker confirmation).
  jokerOfferTitle: 'Utiliser un joker\u00a0?',
  jokerOfferText: 'Le joker révèle la bonne réponse et valide ce segment.',
  jokerUse: 'Utiliser un joker',
  jokerUsing: 'Utilisation...',
  jokerDecline: 'Non merci',
  // Joker reveal.
  revealTitle: 'La bonne réponse',
  revealLead: 'La réponse attendue était\u00a0:',
  revealValidated: 'Segment {segment} validé grâce à ton joker.',
  answerMissing: "Impossible d'afficher la bonne réponse (données manquantes).",
  continueReading: 'Continuer la lecture',
  // Success.
  successTitle: 'Segment {segment} validé\u00a0!',
  successNext: 'Prochaine validation dans {pages} pages',
  successNextSegment: 'Prochain segment\u00a0: {segment}',
  successXp: '+{xp}\u00a0XP',
  finishedTitle: 'Livre terminé\u00a0!',
  finishedText: 'Tu as validé tous les segments de «\u00a0{title}\u00a0».',
} as const;
