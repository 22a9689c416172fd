// Friend streaks and the weekly friend quest (decision 055): our texts, with 'tu', as the
// spec is silent on them. « Série entre amis » and « quête entre amis » are the words readers
// know from other reading and language apps.

export const friendsMessages = {
  // The achievements page and the profile
  streaksTitle: 'Séries entre amis',
  streaksIntro:
    'Lis le même jour qu’un ami que tu suis et qui te suit\u00a0: la série grandit chaque jour (heure de Paris) où toi et ton ami validez chacun un segment.',
  streaksEmpty:
    'Aucune série entre amis pour l’instant. Lance-en une depuis le profil d’un lecteur que tu suis et qui te suit.',
  profileStreaksTitle: 'Séries entre amis',
  profileStreaksEmpty: 'Aucune série entre amis en cours.',
  streakWith: 'avec {name}',
  streakDays: { one: '{n} jour', many: '{n} jours' },
  streakDaysWith: { one: '{n} jour avec {name}', many: '{n} jours avec {name}' },
  streakBest: { one: 'Record\u00a0: {n} jour', many: 'Record\u00a0: {n} jours' },
  streakFreezes: { one: '{n} protection', many: '{n} protections' },
  freezesHint:
    'Tous les 7 jours lus ensemble, la série gagne une protection (2 au plus)\u00a0: un jour manqué la dépense, et la série continue.',
  bothRead: 'Lu par toi et {name} aujourd’hui',
  theyRead: '{name} a déjà lu aujourd’hui',
  youRead: 'Tu as lu aujourd’hui, {name} pas encore',
  nobodyRead: 'Personne n’a encore lu aujourd’hui',
  nudge: 'Relancer {name}',
  nudged: '{name} est relancé pour aujourd’hui',
  nudgeSent: 'Relance envoyée à {name}',
  end: 'Arrêter la série',
  endTitle: 'Arrêter la série avec {name}\u00a0?',
  endBody: 'Les jours lus ensemble seront perdus, pour toi comme pour {name}.',
  endConfirm: 'Arrêter',
  cancel: 'Annuler',
  ended: 'Série entre amis arrêtée',
  slotsLeft: {
    one: 'Encore {n} série possible sur {max}',
    many: 'Encore {n} séries possibles sur {max}',
  },

  // Invitations
  invitationsReceived: 'Invitations reçues',
  invitationsSent: 'Invitations envoyées',
  invitedYouStreak: '{name} te propose une série entre amis',
  youInvitedStreak: 'Série entre amis proposée à {name}',
  accept: 'Accepter',
  decline: 'Refuser',
  withdraw: 'Retirer',
  acceptNamed: 'Accepter\u00a0: {what}',
  declineNamed: 'Refuser\u00a0: {what}',
  withdrawNamed: 'Retirer\u00a0: {what}',
  accepted: 'C’est parti\u00a0! Lisez chaque jour tous les deux.',
  declined: 'Invitation refusée',
  withdrawn: 'Invitation retirée',

  // On another reader's profile
  startStreak: 'Lancer une série entre amis',
  streakInvited: 'Invitation envoyée',
  streakWithYou: {
    one: 'Série entre amis\u00a0: {n} jour',
    many: 'Série entre amis\u00a0: {n} jours',
  },
  acceptStreak: 'Accepter la série entre amis',
  acceptQuest: 'Accepter la quête de la semaine',
  startQuest: 'Proposer la quête de la semaine',
  questInvited: 'Quête proposée',
  mutualHint: 'Une série ou une quête entre amis se lance quand chacun suit l’autre.',

  // The weekly friend quest
  questTitle: 'Quête entre amis de la semaine',
  questGoal: '{target} segments à deux d’ici dimanche soir, +{xp}\u00a0XP chacun',
  questPartner: 'Avec',
  questProgress: '{done} segments sur {target}',
  questProgressLabel: 'Avancée de la quête entre amis',
  questDone: 'Quête réussie\u00a0: +{xp}\u00a0XP pour toi et {name}\u00a0!',
  questNone:
    'Pas de quête entre amis cette semaine. Propose-la depuis le profil d’un ami que tu suis et qui te suit.',
  invitedYouQuest: '{name} te propose la quête de la semaine',
  youInvitedQuest: 'Quête de la semaine proposée à {name}',

  // Loading and failures
  loading: 'Chargement des séries entre amis…',
  loadFailed: 'Impossible de charger tes séries entre amis.',
  profileLoadFailed: 'Impossible de charger les séries entre amis.',
  retry: 'Réessayer',
  actionFailed: 'Erreur',

  // Notifications
  notificationInvite: '{actor} te propose une série entre amis',
  notificationAccepted: '{actor} a accepté ta série entre amis',
  notificationNudge: '{actor} a déjà lu aujourd’hui',
  notificationQuestInvite: '{actor} te propose la quête entre amis de la semaine',
  notificationQuestDone: 'Quête entre amis réussie avec {actor}\u00a0: +{xp}\u00a0XP',
  seeFriends: 'Voir mes séries',

  // Refusals
  readerNotFound: "Ce lecteur n'existe pas.",
  streakSelf: 'Tu ne peux pas lancer une série entre amis avec toi-même.',
  questSelf: 'Tu ne peux pas faire une quête entre amis avec toi-même.',
  notMutual:
    'Une série ou une quête entre amis se lance entre deux lecteurs qui se suivent l’un l’autre.',
  streakExists: 'Une série entre amis avec ce lecteur est déjà en cours.',
  streakInvitationPending: 'Ton invitation à ce lecteur attend sa réponse.',
  streakInvitedYou: 'Ce lecteur t’a déjà invité\u00a0: accepte son invitation.',
  tooManyStreaks:
    'Tu as déjà 5 séries entre amis (invitations comprises)\u00a0: arrête-en une pour en lancer une autre.',
  theyHaveTooMany: 'Ce lecteur a déjà 5 séries entre amis.',
  streakNotFound: "Cette série entre amis n'existe pas.",
  invitationNotFound: "Cette invitation n'existe pas ou n'est plus valable.",
  nudgeReadFirst: 'Valide d’abord un segment aujourd’hui pour relancer ton ami.',
  nudgeAlreadyRead: 'Ton ami a déjà lu aujourd’hui.',
  nudgeAlreadySent: 'Tu as déjà relancé cet ami aujourd’hui.',
  questMineThisWeek: 'Tu as déjà une quête entre amis cette semaine.',
  questTheirsThisWeek: 'Ce lecteur a déjà une quête entre amis cette semaine.',
  questInvitationPending: 'Ta proposition de quête attend la réponse de ce lecteur.',
  questInvitedYou: 'Ce lecteur t’a déjà proposé la quête de la semaine\u00a0: accepte-la.',
  questNotFound: "Cette quête entre amis n'existe pas.",
  questStarted: 'Cette quête est lancée\u00a0: elle court jusqu’à dimanche soir.',
  invalidReader: "Ce lecteur n'existe pas.",
};
