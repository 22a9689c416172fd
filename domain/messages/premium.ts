/**
 * The premium page (/premium, docs/architecture.md#book-requests-and-premium) and the webhook's
 * answers.
 */
export const premiumMessages = {
  documentTitle: 'Premium',
  title: 'Passe à Lisons Premium',
  lead: 'Soutiens Lisons et demande les livres que tu veux lire.',
  freeName: 'Gratuit',
  freeFeatures: [
    'Tout le catalogue et ses questions',
    'Séries, badges, quêtes et jokers',
    'La communauté des lecteurs',
  ],
  lifetimeName: 'À vie',
  lifetimeBadge: 'Offre de lancement',
  lifetimeUntil: 'Offre valable jusqu’au {date}',
  lifetimeEnded: 'L’offre de lancement est terminée.',
  lifetimeFeatures: [
    'Tout Premium, pour toujours',
    'Demander des livres au catalogue',
    'Un paiement unique',
  ],
  annualName: 'Annuel',
  annualPerYear: '/an',
  annualPerMonth: 'soit {amount}/mois',
  annualFeatures: [
    'Tout Premium pendant un an',
    'Demander des livres au catalogue',
    'Résiliable à tout moment',
  ],
  regularPrice: 'Prix normal',
  currentPlan: 'Ton offre actuelle',
  buy: 'Choisir cette offre',
  redirecting: 'Redirection vers Stripe...',
  signInToBuy: 'Connecte-toi pour choisir cette offre',
  paymentUnavailable: 'Le paiement n’est pas disponible pour le moment.',
  alreadyPremium: 'Tu es déjà membre Premium.',
  premiumSince: 'Membre Premium depuis le {date}',
  premiumUntil: 'Accès Premium jusqu’au {date}',
  premiumLifetime: 'Accès Premium à vie',
  manageSubscription: 'Gérer mon abonnement',
  requestBook: 'Demander un livre',
  faqTitle: 'Questions fréquentes',
  faq: [
    {
      question: 'Puis-je résilier à tout moment\u00a0?',
      answer:
        'Oui. L’abonnement annuel se résilie à tout moment depuis l’espace client Stripe, sans frais.',
    },
    {
      question: 'Que se passe-t-il si je résilie\u00a0?',
      answer: 'Tu gardes l’accès Premium jusqu’à la fin de la période déjà payée.',
    },
    {
      question: 'Combien de livres puis-je demander\u00a0?',
      answer:
        'Les demandes vont par deux\u00a0: tu peux avoir deux demandes en cours. Dès que l’une est traitée, tu peux en faire une autre.',
    },
    {
      question: 'Comment se passe le paiement\u00a0?',
      answer:
        'Le paiement est traité par Stripe. Lisons ne voit ni ne garde jamais ta carte bancaire.',
    },
  ],
  // Errors of the checkout and the webhook.
  checkoutFailed: 'Impossible d’ouvrir la page de paiement. Réessaye plus tard.',
  planInvalid: 'Offre inconnue',
  lifetimeOver: 'L’offre de lancement est terminée.',
  webhookUnconfigured: 'Le paiement n’est pas configuré sur ce serveur.',
  webhookSignatureInvalid: 'Signature Stripe invalide',
  webhookReceived: 'Événement reçu',
} as const;
