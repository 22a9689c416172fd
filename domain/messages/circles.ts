// Reading circles (docs/architecture.md#reading-circles, decision 056): the screens, the
// server's refusals, the notifications and the reminder's e-mail.

/** The badge of a book finished together (its entry in the badge catalogue, domain/rewards.ts). */
export const circleBadgeTexts = {
  'lu-ensemble': {
    name: 'Lu ensemble',
    description: 'Tu as terminé un livre avec ton cercle de lecture.',
  },
} as const;

export const circleMessages = {
  // The list of my circles (reading list) and the book page's button.
  myCirclesTitle: 'Mes cercles de lecture',
  myCirclesEmpty:
    'Tu ne fais partie d’aucun cercle pour le moment. Lance-en un depuis la page d’un livre.',
  myCirclesFailed: 'Impossible de charger tes cercles.',
  retry: 'Réessayer',
  startCircle: 'Lancer un cercle',
  members: { one: '{n} membre', many: '{n} membres' },
  nextDue: 'Segment {segment} pour le {date}',
  allDue: 'Tous les segments sont échus',
  closedBadge: 'Clos',
  // Starting a circle.
  startTitle: 'Lancer un cercle de lecture',
  startLead:
    'Lis «\u00a0{title}\u00a0» à plusieurs, au même rythme. Tu inviteras ensuite par un lien ou parmi les lecteurs que tu suis.',
  nameLabel: 'Nom du cercle',
  namePlaceholder: 'Les lecteurs du jeudi',
  startDayLabel: 'Début de la lecture',
  paceLabel: 'Jours par segment',
  paceHint: {
    one: 'Un segment de 30\u00a0pages chaque jour.',
    many: 'Un segment de 30\u00a0pages tous les {n}\u00a0jours.',
  },
  create: 'Lancer le cercle',
  creating: 'Lancement…',
  cancel: 'Annuler',
  created: 'Cercle «\u00a0{name}\u00a0» lancé\u00a0!',
  // The circle's page.
  loading: 'Chargement du cercle…',
  loadFailed: 'Impossible de charger ce cercle.',
  backToList: 'Mes cercles',
  closedNotice:
    'Ce cercle est clos\u00a0: on ne peut plus le rejoindre, et plus personne n’y est relancé.',
  rhythm: {
    one: 'Un segment chaque jour depuis le {date}',
    many: 'Un segment tous les {n}\u00a0jours depuis le {date}',
  },
  rhythmFuture: {
    one: 'Un segment chaque jour à partir du {date}',
    many: 'Un segment tous les {n}\u00a0jours à partir du {date}',
  },
  startedBy: 'Lancé par {name}',
  scheduleTitle: 'Le calendrier',
  scheduleSegment: 'Segment {segment}',
  schedulePages: 'pages {from} à {to}',
  scheduleDue: 'pour le {date}',
  scheduleDone: 'lu',
  scheduleLate: 'en retard',
  scheduleToday: 'aujourd’hui',
  scheduleComing: 'à venir',
  membersTitle: 'Les membres',
  youSuffix: '(toi)',
  creatorSuffix: 'a lancé le cercle',
  progress: '{validated} sur {total} segments',
  discussionsTitle: 'Les discussions du cercle',
  discussionsSoon:
    'Les discussions de chaque segment, entre membres du cercle, s’ouvriront ici dès que tu auras validé le segment.',
  discussionsIntro:
    'Chaque segment a sa discussion entre membres du cercle, ouverte dès que tu l’as validé.',
  discussionOfCircle: 'Entre les membres du cercle',
  backToCircle: 'Retour au cercle',
  // My settings in the circle.
  emailReminders: 'Me prévenir aussi par e-mail quand je prends du retard',
  emailRemindersHint: 'Une seule fois par segment, toujours par une notification.',
  emailRemindersOn: 'Tu seras aussi prévenu par e-mail.',
  emailRemindersOff: 'Plus d’e-mail pour ce cercle.',
  // Inviting (the creator).
  inviteTitle: 'Inviter',
  inviteLinkLabel: 'Lien d’invitation',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  copyFailed: 'Copie impossible\u00a0: sélectionne le lien pour le copier.',
  renewLink: 'Nouveau lien',
  renewTitle: 'Créer un nouveau lien\u00a0?',
  renewText: 'L’ancien lien ne permettra plus de rejoindre le cercle.',
  renewed: 'Nouveau lien créé\u00a0: l’ancien ne marche plus.',
  inviteFollowed: 'Parmi les lecteurs que tu suis',
  inviteNobody: 'Aucun lecteur suivi à inviter.',
  invite: 'Inviter',
  invited: 'Invité',
  inviteLabel: 'Inviter {name}',
  invitedLabel: '{name} est invité',
  invitedToast: '{name} est invité.',
  // Leaving, removing, closing.
  leave: 'Quitter le cercle',
  leaveTitle: 'Quitter ce cercle\u00a0?',
  leaveText: 'Le livre reste dans ta liste. Tu pourras revenir avec un lien d’invitation.',
  left: 'Tu as quitté le cercle «\u00a0{name}\u00a0».',
  remove: 'Retirer',
  removeLabel: 'Retirer {name} du cercle',
  removeTitle: 'Retirer {name}\u00a0?',
  removeText: '{name} ne verra plus le cercle et ne pourra pas le rejoindre à nouveau.',
  removed: '{name} a été retiré du cercle.',
  close: 'Clore le cercle',
  closeTitle: 'Clore ce cercle\u00a0?',
  closeText:
    'Plus personne ne pourra le rejoindre ni n’y sera relancé. Les membres gardent le calendrier et leur progression.',
  closedToast: 'Le cercle «\u00a0{name}\u00a0» est clos.',
  confirming: 'Un instant…',
  // The join page.
  joinTitle: 'Rejoindre un cercle de lecture',
  joinLoading: 'Chargement de l’invitation…',
  joinLead: '{name} t’invite à lire «\u00a0{title}\u00a0» ensemble.',
  joinPrivacy:
    'En rejoignant le cercle, le livre s’ajoute à ta liste et les membres voient ta progression sur ce livre.',
  join: 'Rejoindre le cercle',
  joining: 'Un instant…',
  joined: 'Bienvenue dans le cercle «\u00a0{name}\u00a0»\u00a0!',
  seeCircle: 'Voir le cercle',
  alreadyMemberNote: 'Tu fais déjà partie de ce cercle.',
  fullNote: 'Ce cercle est complet.',
  // Where a member stands.
  standings: {
    finished: 'a terminé',
    ahead: 'en avance',
    on_track: 'à jour',
    behind: 'en retard',
  },
  // The server's refusals: nothing changed.
  bookIdInvalid: 'Ce livre n’existe pas.',
  bookNotFound: 'Ce livre n’existe pas.',
  bookUnavailable: 'Ce livre n’est plus disponible.',
  nameRequired: 'Donne un nom au cercle.',
  nameTooShort: 'Le nom du cercle doit faire au moins 3\u00a0caractères.',
  nameTooLong: 'Le nom du cercle doit faire au plus 60\u00a0caractères.',
  nameInvisible: 'Le nom du cercle contient des caractères invisibles ou de contrôle.',
  startDayInvalid: 'Choisis une date de début valide.',
  startDayPast: 'La date de début ne peut pas être passée.',
  startDayTooFar: 'La date de début doit être dans les 90\u00a0prochains jours.',
  paceInvalid: 'Le rythme va d’un segment par jour à un segment tous les 30\u00a0jours.',
  circleIdInvalid: 'Ce cercle n’existe pas ou tu n’en fais pas partie.',
  notFound: 'Ce cercle n’existe pas ou tu n’en fais pas partie.',
  readerIdInvalid: 'Ce lecteur n’existe pas.',
  creatorOnly: 'Seule la personne qui a lancé ce cercle peut faire cela.',
  closed: 'Ce cercle est clos.',
  alreadyClosed: 'Ce cercle est déjà clos.',
  closedJoin: 'Ce cercle est clos\u00a0: on ne peut plus le rejoindre.',
  full: 'Ce cercle est complet\u00a0: 50\u00a0membres au plus.',
  alreadyMember: 'Tu fais déjà partie de ce cercle.',
  removedCannotRejoin:
    'Tu as été retiré de ce cercle\u00a0: tu ne peux pas le rejoindre à nouveau.',
  joinRefused: 'Impossible de rejoindre ce cercle.',
  inviteCodeInvalid: 'Ce lien d’invitation n’est pas valable.',
  inviteUnknown:
    'Ce lien d’invitation n’est plus valable. Demande un nouveau lien à la personne qui t’a invité.',
  creatorCannotLeave: 'Tu as lancé ce cercle\u00a0: pour le quitter, clos-le.',
  cannotRemoveSelf: 'Tu ne peux pas te retirer toi-même\u00a0: clos le cercle.',
  memberNotFound: 'Ce lecteur ne fait pas partie du cercle.',
  inviteNotFollowed: 'Tu ne peux inviter que des lecteurs que tu suis.',
  inviteRefused: 'Impossible d’inviter ce lecteur.',
  inviteSelf: 'Tu fais déjà partie de ce cercle.',
  inviteAlreadyMember: 'Ce lecteur fait déjà partie du cercle.',
  alreadyInvited: 'Ce lecteur est déjà invité.',
  preferencesInvalid: 'Choix invalide.',
} as const;

/** What the notification bell says (stored as the notification's `msg`). */
export const circleNotices = {
  invitation:
    '{actor} t’invite dans son cercle de lecture «\u00a0{name}\u00a0» pour lire «\u00a0{title}\u00a0».',
  reminder:
    'Le cercle «\u00a0{name}\u00a0» avance\u00a0: le segment {segment} de «\u00a0{title}\u00a0» était prévu pour le {date}. Rien ne presse, le cercle t’attend.',
  badge:
    'Badge «\u00a0Lu ensemble\u00a0» débloqué\u00a0: ton cercle «\u00a0{name}\u00a0» a terminé «\u00a0{title}\u00a0» ensemble.',
  // Fallbacks when a notification carries no text.
  invitationDefault: 'Tu es invité dans un cercle de lecture.',
  reminderDefault: 'Ton cercle de lecture t’attend.',
  badgeDefault: 'Badge «\u00a0Lu ensemble\u00a0» débloqué.',
  seeInvitation: 'Voir l’invitation',
  seeCircle: 'Voir le cercle',
} as const;

/** The reminder's e-mail, for members who chose it. */
export const circleReminderMail = {
  subject: 'Ton cercle de lecture t’attend',
  text: [
    'Bonjour,',
    '',
    'Le cercle «\u00a0{name}\u00a0» lit «\u00a0{title}\u00a0» au rythme {pace}. Le segment {segment} était prévu pour le {date}.',
    '',
    'Rien ne presse\u00a0: reprends ta lecture quand tu peux, le cercle t’attend.',
    '',
    '{url}',
    '',
    'Tu reçois cet e-mail parce que tu as demandé à être prévenu par e-mail dans ce cercle. Pour ne plus le recevoir, décoche l’option sur la page du cercle.',
  ].join('\n'),
  pace: { one: 'd’un segment par jour', many: 'd’un segment tous les {n}\u00a0jours' },
} as const;
