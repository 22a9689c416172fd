/** French e-mails sent by Lisons. */
export const resetPasswordMail = {
  subject: 'Réinitialise ton mot de passe Lisons',
  text: (link: string) =>
    [
      'Bonjour,',
      '',
      'Tu as demandé à réinitialiser ton mot de passe Lisons.',
      'Pour choisir un nouveau mot de passe, ouvre ce lien (valable 1 heure, une seule fois)\u00a0:',
      '',
      link,
      '',
      "Si tu n'es pas à l'origine de cette demande, ignore simplement cet e-mail\u00a0: ton mot de passe actuel reste valable.",
      '',
      'Bonne lecture,',
      "L'équipe Lisons",
    ].join('\n'),
};
