/** Proving one's address: the mail, its landing page and Paramètres' status (French copy). */
export const emailVerificationMessages = {
  // The mail, sent at sign-up and on request from Paramètres.
  mailSubject: 'Confirme ton adresse e-mail Lisons',
  mailText: (link: string) =>
    [
      'Bonjour,',
      '',
      'Bienvenue sur Lisons\u00a0! Pour confirmer que cette adresse est bien la tienne, ouvre ce lien (valable 24 heures)\u00a0:',
      '',
      link,
      '',
      'Tant que ton adresse n’est pas confirmée, tu peux lire normalement, mais tu ne reçois pas nos e-mails (bilan de la semaine).',
      "Si tu n'as pas créé de compte Lisons, ignore simplement cet e-mail.",
      '',
      'Bonne lecture,',
      "L'équipe Lisons",
    ].join('\n'),

  // The page the link opens.
  pageTitle: 'Confirmation de ton adresse e-mail',
  verified: 'Ton adresse e-mail est confirmée. Merci\u00a0!',
  expired: 'Ce lien de confirmation a expiré. Demande-en un nouveau depuis Paramètres.',
  invalid: 'Ce lien de confirmation n’est pas valable. Demande-en un nouveau depuis Paramètres.',
  toSettings: 'Aller à mon profil',

  // Paramètres.
  statusVerified: 'Adresse vérifiée',
  statusUnverified: 'Adresse non vérifiée',
  unverifiedHint:
    'Confirme ton adresse avec le lien reçu par e-mail pour recevoir le bilan de la semaine.',
  resend: 'Renvoyer l’e-mail de confirmation',
  resending: 'Envoi...',
  resent: 'E-mail de confirmation envoyé. Pense à regarder dans tes indésirables.',
  resendFailed: 'Impossible d’envoyer l’e-mail de confirmation. Réessaye plus tard.',
  alreadyVerified: 'Ton adresse e-mail est déjà confirmée.',
} as const;
