import type { Rarity } from '../rewards';

/**
 * The product's French texts of the achievements page and of the reward announcements
 * (docs/architecture.md#screens, #validation-flow). Badge, quest and challenge texts live in the
 * catalogue (domain/rewards.ts), not here.
 */
export const achievementsMessages = {
  documentTitle: 'Accomplissements',
  title: 'Vos Accomplissements',
  intro: 'Tes lectures, tes séries, tes badges et tes défis, au même endroit.',
  newReader:
    'Valide ton premier segment pour lancer ta série, gagner tes premiers XP et commencer ta collection.',
  explore: 'Explorer les livres',
  loading: 'Chargement de tes accomplissements...',
  loadFailed: 'Impossible de charger tes accomplissements.',
  retry: 'Réessayer',
  sections: {
    stats: 'Statistiques',
    streaks: 'Séries de Lecture',
    progression: 'Progression',
    collections: 'Collections & Exploits',
    challenges: 'Défis Actuels',
  },
  stats: {
    booksRead: 'Livres terminés',
    pagesRead: 'Pages lues',
    segmentsValidated: 'Segments validés',
    readingTime: 'Temps de lecture',
    badges: 'Badges',
    quests: 'Quêtes',
    xp: 'XP',
  },
  streakCurrent: 'Série actuelle',
  streakBest: 'Record personnel',
  dayOne: '{n} jour',
  dayMany: '{n} jours',
  streakHint: 'Valide au moins un segment par jour pour faire grandir ta série.',
  level: 'Niveau {level}',
  levelXp: '{xp}\u00a0/\u00a0{next}\u00a0XP',
  levelXpMax: '{xp}\u00a0XP',
  levelNext: 'Encore {remaining}\u00a0XP avant le niveau {next}.',
  levelBarLabel: 'Progression vers le niveau {next}',
  levelMax: 'Tu as atteint le plus haut niveau. Tes XP continuent de compter\u00a0!',
  levelMaxBarLabel: 'Plus haut niveau atteint',
  badgesTitle: 'Badges',
  questsTitle: 'Quêtes',
  earnedOn: 'Obtenu le {date}',
  notEarned: 'Pas encore obtenu',
  times: '×{times}',
  timesLabel: 'obtenu {times} fois',
  questDoneOn: 'Accomplie le {date}',
  questNotDone: 'Pas encore accomplie',
  rarityLabel: 'Rareté\u00a0: {rarity}',
  challengeProgress: '{current}\u00a0/\u00a0{target}',
  challengeBarLabel: 'Progression du défi «\u00a0{title}\u00a0»',
  challengeDone: 'Défi relevé\u00a0!',
} as const;

/** Rarity labels of the badges (docs/architecture.md#badges-quests-monthly-gift). */
export const rarityLabels: Record<Rarity, string> = {
  common: 'Commun',
  rare: 'Rare',
  epic: 'Épique',
  legendary: 'Légendaire',
};

/** What a validation's rewards announce: toasts, the monthly gift, the badge and level dialogs. */
export const rewardAnnouncementMessages = {
  badgeToast: 'Nouveau badge débloqué : {name}',
  questToast: 'Quête accomplie\u00a0: {title}',
  badgeDialogTitleOne: 'Nouveau badge débloqué',
  badgeDialogTitleMany: 'Nouveaux badges débloqués',
  badgeDialogText: 'Bravo\u00a0! Ce badge rejoint ta collection.',
  badgeDialogTextMany: 'Bravo\u00a0! Ces badges rejoignent ta collection.',
  xpGained: '+{xp}\u00a0XP',
  seeRewards: 'Voir mes récompenses',
  close: 'Fermer',
  giftTitle: 'Cadeau du mois\u00a0!',
  giftText: 'Tu as validé {n} segments ou plus ce mois-ci. Ton cadeau arrive…',
  levelTitle: 'Niveau {level} atteint\u00a0!',
  levelNext: 'Chaque segment validé te rapproche du niveau {next}.',
  levelMax: 'Tu as atteint le plus haut niveau. Tes XP continuent de compter\u00a0!',
} as const;

/** 'Temps de lecture' on the profile and the achievements page (domain/rewards readingTimeLabel). */
export const readingTimeUnits = {
  minutes: '{n}\u00a0min',
  hours: '{n}\u00a0h',
} as const;
