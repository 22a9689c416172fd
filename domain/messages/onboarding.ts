import { frenchSpacing } from './shell';

// Its own module: the onboarding's chunk carries these words, not every page's entry.

export const onboardingMessages = {
  title: 'Bienvenue sur Lisons',
  step: (current: number, total: number) => `Étape ${current} sur ${total}`,
  skip: 'Passer',
  next: 'Suivant',
  done: "C'est parti",
  steps: frenchSpacing([
    {
      title: 'Lis par segments de 30 pages',
      text: 'Choisis un livre et avance à ton rythme : chaque étape compte 30 pages, de quoi lire un peu chaque jour.',
    },
    {
      title: 'Valide avec une question',
      text: "À la fin d'un segment, réponds en un seul mot à une question sur ce que tu viens de lire. Un joker peut te dépanner.",
    },
    {
      title: "Gagne de l'XP et des badges",
      text: "Chaque validation rapporte de l'XP : monte de niveau, entretiens ta série et collectionne les badges.",
    },
  ] as const),
} as const;
