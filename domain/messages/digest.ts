// The weekly digest's French texts (beyond the spec, which gives only the notification's
// default 'Ton résumé hebdomadaire est prêt'): the notification's message, the opt-in
// e-mail and the unsubscribe page. Placeholders are filled with fill() / fillPlural().

/** Last week's figures, as the notification's message and the e-mail's lines say them. */
export const digestFigures = {
  segments: { one: '{n} segment validé', many: '{n} segments validés' },
  pages: { one: '{n} page lue', many: '{n} pages lues' },
  streak: { one: 'série de {n} jour', many: 'série de {n} jours' },
  noStreak: 'pas de série en cours',
};

/** The notification's `meta.msg`: 'La semaine dernière\u00a0: 4 segments validés, …'. */
export const digestNotificationMessage =
  'La semaine dernière\u00a0: {segments}, {pages}, {streak}.';

/** The e-mail sent on Monday morning to readers who turned it on. */
export const digestMail = {
  subject: 'Ta semaine de lecture sur Lisons',
  greeting: 'Bonjour {name},',
  greetingNoName: 'Bonjour,',
  intro: 'Voici ta semaine de lecture, du {from} au {to}\u00a0:',
  streakLine: {
    one: 'Série en cours\u00a0: {n} jour',
    many: 'Série en cours\u00a0: {n} jours',
  },
  noStreakLine: 'Pas de série en cours\u00a0: un segment ce soir et elle repart.',
  cta: 'Voir mes stats',
  ctaText: 'Tes stats et tes badges\u00a0: {link}',
  signature: "Bonne lecture,\nL'équipe Lisons",
  why: 'Tu reçois cet e-mail parce que tu as activé le résumé hebdomadaire par e-mail.',
  unsubscribe: 'Ne plus recevoir ce résumé',
  unsubscribeText: 'Pour ne plus le recevoir, en un clic\u00a0: {link}',
};

/** The page a reader reaches from the e-mail's unsubscribe link. */
export const unsubscribeMessages = {
  title: 'Résumé hebdomadaire par e-mail',
  question: 'Ne plus recevoir le résumé hebdomadaire par e-mail\u00a0?',
  explanation: 'Tu recevras toujours tes notifications dans Lisons.',
  confirm: 'Me désinscrire',
  done: "C'est fait\u00a0: tu ne recevras plus le résumé hebdomadaire par e-mail.",
  doneHint: 'Tu peux le réactiver à tout moment dans les réglages de ton profil.',
  invalid:
    "Ce lien de désinscription n'est pas valide. Ouvre le lien de ton dernier e-mail, ou désactive le résumé dans les réglages de ton profil.",
  back: 'Retour à Lisons',
};
