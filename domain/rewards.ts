import { circleBadgeTexts } from './messages/circles';
import { fill } from './messages/fill';
import { questionBadgeTexts } from './messages/question-proposals';
import { readingTimeUnits } from './messages/rewards';

/**
 * The badge catalogue (docs/architecture.md#badges-quests-monthly-gift), plus the monthly gift. No
 * development badge.
 */
export const badges = {
  'premier-livre': {
    name: 'Premier livre',
    description: 'Tu as terminé ton premier livre.',
    icon: 'book-open',
    color: '#2f6f4f',
    rarity: 'common',
  },
  'serie-7-jours': {
    name: 'Série de 7 jours',
    description: 'Tu as validé un segment sept jours de suite.',
    icon: 'flame',
    color: '#b4541a',
    rarity: 'rare',
  },
  'lecteur-assidu': {
    name: 'Lecteur assidu',
    description: 'Tu as validé 50 segments.',
    icon: 'medal',
    color: '#6b3fa0',
    rarity: 'epic',
  },
  'cadeau-du-mois': {
    name: 'Cadeau du mois',
    description: 'Tu as validé 10 segments ou plus en un mois.',
    icon: 'gift',
    color: '#a0306b',
    rarity: 'epic',
  },
  // Questions a reader wrote that were published (decision 045); texts in messages.
  'premiere-question': {
    ...questionBadgeTexts['premiere-question'],
    icon: 'feather',
    color: '#2f5f8f',
    rarity: 'common',
  },
  'dix-questions': {
    ...questionBadgeTexts['dix-questions'],
    icon: 'feather',
    color: '#1f6f7a',
    rarity: 'rare',
  },
  'cinquante-questions': {
    ...questionBadgeTexts['cinquante-questions'],
    icon: 'feather',
    color: '#7a4f1f',
    rarity: 'legendary',
  },
  // Finishing a book with one's reading circle (decision 056); texts in messages.
  'lu-ensemble': {
    ...circleBadgeTexts['lu-ensemble'],
    icon: 'users',
    color: '#3f6f2f',
    rarity: 'rare',
  },
} as const;

/** The published-questions badge family: the count each one takes (decision 045). */
export const QUESTION_BADGES = [
  { slug: 'premiere-question', published: 1 },
  { slug: 'dix-questions', published: 10 },
  { slug: 'cinquante-questions', published: 50 },
] as const satisfies readonly { slug: BadgeSlug; published: number }[];

export type BadgeSlug = keyof typeof badges;
export type Rarity = 'common' | 'rare' | 'epic' | 'legendary';

/** The quests (docs/architecture.md#badges-quests-monthly-gift): each once, +50 XP. */
export const quests = {
  early_reader: {
    title: 'Lève-tôt',
    description: 'Valider un segment avant 7\u00a0h du matin.',
    icon: 'sun',
  },
  triple_valide: {
    title: 'Triplé',
    description: 'Valider 3 segments dans la même journée.',
    icon: 'zap',
  },
  multi_booker: {
    title: 'Plusieurs livres à la fois',
    description: 'Avoir 3 livres en cours de lecture en même temps.',
    icon: 'books',
  },
  back_on_track: {
    title: 'De retour',
    description: 'Reprendre la lecture après 7 jours ou plus sans validation.',
    icon: 'refresh',
  },
} as const;

export type QuestSlug = keyof typeof quests;

export const XP = { validation: 10, quest: 50, streakBadge: 30 } as const;

export const STREAK_BADGE_DAYS = 7;
export const ASSIDUOUS_SEGMENTS = 50;
export const MONTHLY_GIFT_VALIDATIONS = 10;

/** What a reader's record looks like right after a validation, in their time zone. */
export type RewardFacts = {
  localHour: number;
  validationsToday: number;
  validationsThisMonth: number;
  validationsTotal: number;
  booksCompleted: number;
  booksInProgress: number;
  /** Whole days since the reader's previous validation (null for the first one). */
  daysSincePrevious: number | null;
  currentStreak: number;
};

/** The badges and quests these facts earn (the caller grants each at most once). */
export function earnedRewards(f: RewardFacts): { badges: BadgeSlug[]; quests: QuestSlug[] } {
  const earnedBadges: BadgeSlug[] = [];
  if (f.booksCompleted >= 1) earnedBadges.push('premier-livre');
  if (f.currentStreak >= STREAK_BADGE_DAYS) earnedBadges.push('serie-7-jours');
  if (f.validationsTotal >= ASSIDUOUS_SEGMENTS) earnedBadges.push('lecteur-assidu');
  if (f.validationsThisMonth >= MONTHLY_GIFT_VALIDATIONS) earnedBadges.push('cadeau-du-mois');
  const earnedQuests: QuestSlug[] = [];
  if (f.localHour < 7) earnedQuests.push('early_reader');
  if (f.validationsToday >= 3) earnedQuests.push('triple_valide');
  if (f.booksInProgress >= 3) earnedQuests.push('multi_booker');
  if (f.daysSincePrevious !== null && f.daysSincePrevious >= 7) earnedQuests.push('back_on_track');
  return { badges: earnedBadges, quests: earnedQuests };
}

/** The three current challenges of the achievements page, measured on the reader's record. */
export const challenges = {
  'trente-jours': {
    title: '30 jours de lecture',
    description: 'Valider au moins un segment sur 30 jours différents.',
    target: 30,
  },
  'trois-categories': {
    title: '3 catégories',
    description: 'Lire dans 3 catégories différentes du catalogue.',
    target: 3,
  },
  'cinq-cents-pages': {
    title: '500 pages',
    description: 'Lire 500 pages au total.',
    target: 500,
  },
} as const;

/**
 * Reading time shown on the profile (as observed in the old app;
 * docs/architecture.md#reading-status-and-progress): round(2 × pages / 60) minutes.
 */
export function readingMinutes(pagesRead: number): number {
  return Math.round((2 * pagesRead) / 60);
}

/**
 * 'Temps de lecture' as every screen shows it: minutes under one hour, so a new reader sees
 * '12 min' rather than '0 h', then whole hours (the spec's floor(minutes / 60)).
 */
export function readingTimeLabel(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return whole < 60
    ? fill(readingTimeUnits.minutes, { n: whole })
    : fill(readingTimeUnits.hours, { n: Math.floor(whole / 60) });
}
