/**
 * French copy of the app shell (header, menu, footer, onboarding), the landing page and the 404
 * page (docs/architecture.md#screens). The product's quoted texts are kept word for word. The long
 * static pages live in static-pages.ts so their text is only downloaded by the pages that show it.
 */

export const brandName = 'Lisons';

/** Contact addresses, shown on the static and legal pages. */
export const contacts = {
  hello: 'bonjour@lisons.app',
  press: 'presse@lisons.app',
  privacy: 'confidentialite@lisons.app',
} as const;

/**
 * French typography (docs/architecture.md#french-typography): a no-break space (U+00A0) before
 * ':', ';', '?' and '!' and inside « », so neither sign nor guillemet starts or ends a line.
 * Applied to whole copy objects of ours, strings at any depth; never to the spec's texts.
 */
export function frenchSpacing<T>(value: T): T {
  if (typeof value === 'string') {
    return value
      .replace(/ ([:;?!])/g, '\u00a0$1')
      .replace(/« /g, '«\u00a0')
      .replace(/ »/g, '\u00a0»') as T;
  }
  if (Array.isArray(value)) return value.map(frenchSpacing) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, frenchSpacing(item)]),
    ) as T;
  }
  return value;
}

/** Browser tab title of a page: '<page> · Lisons'. */
export function pageTitle(title: string): string {
  return `${title} · ${brandName}`;
}

export const navLabels = {
  home: 'Accueil',
  explore: 'Explorer',
  achievements: 'Récompenses',
  readingList: 'Ma liste',
  discover: 'Lecteurs',
  blog: 'Blog',
  about: 'À propos',
  press: 'Presse',
  premium: 'Premium',
  requestBook: 'Demander un livre',
} as const;

export const shellMessages = {
  skipLink: 'Aller au contenu',
  logoLabel: "Lisons, aller à l'accueil",
  mainNavLabel: 'Navigation principale',
  signIn: 'Se connecter',
  accountMenu: 'Menu du compte',
  openMenu: 'Ouvrir le menu',
  closeMenu: 'Fermer le menu',
  menuTitle: 'Menu',
  menuDescription: 'Toutes les rubriques de Lisons',
  toastsLabel: 'Notifications',
  errorTitle: "Cette page ne s'affiche pas",
  errorText: 'Une erreur inattendue est survenue. Recharge la page pour réessayer.',
  reload: 'Recharger la page',
  closeToast: 'Fermer la notification',
} as const;

export const footerMessages = {
  navLabel: 'Liens du pied de page',
  about: 'À propos',
  press: 'Presse',
  blog: 'Blog',
  privacy: 'Confidentialité',
  terms: "Conditions d'utilisation",
  tagline: 'Lire un peu chaque jour, page après page.',
  version: 'Version',
  builtOn: 'mise à jour le',
} as const;

export const landingMessages = {
  documentTitle: "L'appli qui t'accompagne dans ta lecture",
  heroTitle: "L'appli qui t'accompagne dans ta lecture, page après page",
  heroLead:
    "Avance 30 pages à la fois, valide chaque étape par une question d'un seul mot, et regarde tes progrès se transformer en XP, en badges et en séries de lecture.",
  start: 'Commencer',
  discoverBlog: 'Découvrir le blog',
  benefitsTitle: 'Une nouvelle façon de lire',
  benefitsLead: "Tout ce qu'il faut pour retrouver le plaisir de lire, sans pression.",
  benefits: frenchSpacing([
    {
      key: 'progressive',
      title: 'Une lecture progressive',
      text: 'Chaque livre est découpé en segments de 30 pages : un objectif à ta portée, même les jours chargés.',
    },
    {
      key: 'community',
      title: 'Une communauté de lecteurs',
      text: "Suis d'autres lecteurs, découvre les livres qu'ils terminent et encourage-les d'un Booky.",
    },
    {
      key: 'achievements',
      title: 'Des récompenses',
      text: "Chaque étape validée rapporte de l'XP. Monte de niveau, relève des quêtes et débloque des badges.",
    },
    {
      key: 'statistics',
      title: 'Tes statistiques',
      text: "Pages lues, livres terminés, série en cours : tes progrès s'affichent noir sur blanc.",
    },
  ] as const),
  // Decorative preview of the reading screen beside the hero (wide screens only).
  preview: {
    label: 'Lecture en cours',
    segment: 'Segment 3 sur 10',
    pages: 'Pages 61 à 90',
    progress: '30\u00a0% du livre',
    streak: 'Série de 5 jours',
    questionLabel: 'Question du segment',
    question: 'Quel animal le héros recueille-t-il\u00a0?',
    answer: 'Ta réponse, en un mot',
  },
  ctaTitle: 'Prêt à recommencer à lire ?', // the spec's words, as written
  ctaLead: "C'est gratuit. Il suffit d'une adresse e-mail et de l'envie de tourner la page.",
  ctaButton: 'Créer mon compte gratuit',
} as const;
