// The notifications' French texts: the spec's words where it has them, ours (with 'tu')
// where it is silent (docs/architecture.md#live-notifications-and-chat).

export const notificationMessages = {
  // The bell and the popover
  title: 'Notifications',
  bellLabel: 'Notifications',
  bellLabelUnread: {
    one: 'Notifications, {n} non lue',
    many: 'Notifications, {n} non lues',
  },
  tabAll: 'Tous',
  tabStreaks: 'Séries',
  tabSocial: 'Social',
  tabUnread: {
    one: '{n} non lue',
    many: '{n} non lues',
  },
  emptyAll: 'Aucune notification',
  emptyStreaks: 'Aucune notification de série',
  emptySocial: 'Aucune notification sociale',
  loading: 'Chargement des notifications…',
  markRead: 'Marquer comme lu',
  markAllRead: 'Tout marquer comme lu',
  unreadPrefix: 'Non lue : ',
  toast: '📢 Notification',

  // The texts of each kind
  someone: "Quelqu'un",
  bookyReceived: "{actor} t'a donné un Booky pour « {title} »",
  bookyReceivedNoBook: "{actor} t'a donné un Booky",
  friendFinished: '{actor} a terminé « {title} »',
  friendFinishedNoBook: '{actor} a terminé un livre',
  newFollower: "{actor} s'est abonné à toi",
  streakNudge: "Tu n'as pas validé aujourd'hui. Garde ta série.",
  streakKept: 'Série maintenue. Continue.',
  streakLost: 'Série interrompue. On relance ce soir.',
  weeklyDigest: 'Ton résumé hebdomadaire est prêt',
  bookRequestCompleted: 'Ta demande de livre est traitée.',
  questionApproved: 'Ta question est publiée.',
  questionRejected: 'Ta question n’a pas été retenue.',
  deviceSegmentReady:
    'Ta liseuse a atteint la fin du segment {segment} de «\u00a0{title}\u00a0»\u00a0: valide-le\u00a0!',
  deviceSegmentReadyNoBook:
    'Ta liseuse a atteint la fin du segment {segment}\u00a0: valide-le\u00a0!',
  deviceUnknownBook:
    'Un appareil lit un livre que Lisons ne connaît pas\u00a0: lequel est-ce\u00a0?',
  validateSegment: 'Valider le segment',
  pickBook: 'Choisir le livre',
  seeBook: 'Voir le livre',
  discussionReply:
    '{actor} a répondu à ton message sur les pages {from} à {to} de «\u00a0{title}\u00a0»',
  discussionReplyNoBook: '{actor} a répondu à ton message dans une discussion',
  seeDiscussion: 'Voir la discussion',
  seeRequests: 'Voir mes demandes',

  // Action labels
  seeActivity: "Voir l'activité",
  readNow: 'Lire maintenant',
  seeStats: 'Voir les stats',
  seeProfile: 'Voir le profil',

  // The weekly digest e-mail (beyond the spec)
  digestEmailTitle: 'Résumé hebdomadaire par e-mail',
  digestEmailDescription:
    'Chaque lundi matin, tes pages, tes segments et ta série de la semaine passée.',
  // Replies in the segment discussions (ours): on by default.
  discussionRepliesTitle: 'Réponses à mes messages',
  discussionRepliesDescription:
    'Une notification quand quelqu’un répond à l’un de tes messages dans une discussion.',
  preferencesSaved: 'Préférence enregistrée',
  preferencesError: "Impossible d'enregistrer ta préférence",

  // Errors
  notFound: "Cette notification n'existe pas.",
  invalidPreferences: 'Indique pour chaque choix si tu le veux (oui ou non).',
};
