// KOReader's progress sync (decision 053): what KOReader shows of our answers (it prints an
// error's `message` at login), the Paramètres section « Liseuse KOReader », and the book page's
// line about the page a device reached. Ours, with 'tu'.

/** The protocol's error messages: KOReader shows them to the reader as they are. */
export const kosyncProtocolMessages = {
  unauthorized:
    'Nom d’utilisateur ou mot de passe d’appareil incorrect. Crée un mot de passe d’appareil dans Lisons\u00a0: Profil, Paramètres, Liseuse KOReader.',
  registrationDisabled:
    'Les comptes se créent sur Lisons, pas depuis la liseuse\u00a0: crée un mot de passe d’appareil dans Profil, Paramètres, Liseuse KOReader, puis choisis «\u00a0Connexion\u00a0».',
  invalidRequest: 'Requête invalide.',
  documentInvalid:
    'Le champ «\u00a0document\u00a0» doit être l’empreinte MD5 du livre, 32\u00a0caractères hexadécimaux.',
  percentageInvalid: 'Le pourcentage doit être un nombre entre 0 et 1.',
  progressInvalid:
    'La position («\u00a0progress\u00a0») doit être un texte de 1\u00a0000 caractères au plus.',
  deviceInvalid: 'Le nom de l’appareil («\u00a0device\u00a0») doit faire de 1 à 100 caractères.',
  deviceIdInvalid:
    'L’identifiant de l’appareil («\u00a0device_id\u00a0») doit faire 100 caractères au plus.',
  tooManyDocuments:
    'Tes appareils ont déjà envoyé 2\u00a0000 livres à Lisons\u00a0: c’est le maximum.',
  invalidJson: 'Le corps de la requête n’est pas du JSON valide.',
  notAnObject: 'Le corps de la requête doit être un objet JSON.',
  tooLarge: 'Requête trop volumineuse\u00a0: 16\u00a0ko au plus.',
  rateLimited: 'Trop de requêtes\u00a0: réessaie dans {minutes}\u00a0min.',
  notFound: 'Cette adresse ne fait pas partie de la synchronisation KOReader.',
} as const;

/** The Paramètres section « Liseuse KOReader » and its errors. */
export const kosyncMessages = {
  title: 'Liseuse KOReader',
  intro:
    'Dans KOReader, l’extension «\u00a0Progress sync\u00a0» envoie ta page à Lisons. Lisons te dit où tu en es et t’invite à valider tes segments\u00a0: ta liseuse ne valide rien toute seule.',
  howTo: 'Dans KOReader, menu Outils, Progress sync\u00a0:',
  serverLabel: 'Serveur de synchronisation personnalisé',
  loginLabel: 'Nom d’utilisateur',
  passwordLabel: 'Mot de passe',
  passwordHint: 'celui d’un appareil, créé ci-dessous (jamais ton mot de passe Lisons)',
  copy: 'Copier',
  copyLabel: 'Copier {what}',
  copied: 'Copié',
  copyFailed: 'Impossible de copier\u00a0: sélectionne le texte.',
  loading: 'Chargement de ta liseuse…',
  loadFailed: 'Impossible de charger ta liseuse.',
  retry: 'Réessayer',

  // Device passwords
  devicesTitle: 'Mots de passe d’appareil',
  devicesEmpty: 'Aucun appareil pour l’instant.',
  deviceNameLabel: 'Nom de l’appareil',
  deviceNamePlaceholder: 'Kobo Clara',
  createDevice: 'Créer un mot de passe',
  creatingDevice: 'Création…',
  createdTitle: 'Mot de passe de «\u00a0{name}\u00a0»',
  createdHint:
    'Tape-le dans KOReader maintenant\u00a0: il ne sera plus jamais affiché. Perdu\u00a0? Révoque-le et crées-en un autre.',
  createdDone: 'C’est noté',
  lastUsed: 'Dernière synchronisation {when}',
  neverUsed: 'Jamais utilisé',
  createdOn: 'Créé {when}',
  revoke: 'Révoquer',
  revokeLabel: 'Révoquer le mot de passe de «\u00a0{name}\u00a0»',
  revokeConfirmTitle: 'Révoquer «\u00a0{name}\u00a0»\u00a0?',
  revokeConfirmText:
    'Cet appareil ne pourra plus synchroniser. Les pages déjà reçues restent dans Lisons.',
  revoked: 'Mot de passe révoqué',
  revokeFailed: 'Impossible de révoquer ce mot de passe.',
  createFailed: 'Impossible de créer ce mot de passe.',
  cancel: 'Annuler',

  // Books read on devices
  documentsTitle: 'Livres lus sur tes appareils',
  documentsEmpty:
    'Aucun livre reçu pour l’instant\u00a0: ouvre un livre dans KOReader, il apparaîtra ici.',
  unknownQuestion: 'Un appareil lit un livre que Lisons ne connaît pas\u00a0: lequel est-ce\u00a0?',
  unknownFrom: '{device}, {percent}\u00a0%, {when}',
  unknownMetadata: 'KOReader l’appelle «\u00a0{title}\u00a0»',
  searchLabel: 'Chercher ce livre dans Lisons',
  searchPlaceholder: 'Titre ou auteur',
  search: 'Chercher',
  searching: 'Recherche…',
  searchEmpty: 'Aucun livre trouvé. Essaie un autre titre ou l’auteur.',
  searchFailed: 'La recherche n’a pas abouti. Réessaie.',
  searchTooShort: 'Tape au moins 2 caractères.',
  pickBook: 'C’est ce livre',
  pickBookLabel: 'C’est «\u00a0{title}\u00a0»',
  linked: '«\u00a0{title}\u00a0» est lié à ton appareil et ajouté à ta liste.',
  linkFailed: 'Impossible de lier ce livre.',
  linkedTo: 'Lié à «\u00a0{title}\u00a0»',
  linkedPage: 'page {page} sur {total}, {device}, {when}',
  unlink: 'Ce n’est pas ce livre',
  unlinkLabel: 'Délier «\u00a0{title}\u00a0»',
  unlinked: 'Livre délié\u00a0: choisis le bon.',
  unlinkFailed: 'Impossible de délier ce livre.',
  seeBook: 'Voir le livre',

  // The Lisons API's own errors
  deviceNameRequired: 'Donne un nom à l’appareil.',
  deviceNameTooLong: 'Le nom de l’appareil fait 40 caractères au plus.',
  tooManyDevices: 'Tu as déjà 10 mots de passe d’appareil\u00a0: révoques-en un d’abord.',
  deviceNotFound: 'Ce mot de passe d’appareil n’existe pas.',
  documentNotFound: 'Aucun de tes appareils n’a envoyé ce livre.',
  documentInvalid: 'Ce livre de liseuse n’existe pas.',
  bookIdInvalid: 'Choisis un livre du catalogue.',
  bookNotFound: 'Ce livre n’est pas dans le catalogue.',
  bookUnavailable: 'Ce livre n’est plus disponible.',
  alreadyLinked: 'Ce livre de liseuse est déjà lié\u00a0: délie-le d’abord.',
  notLinked: 'Ce livre de liseuse n’est lié à aucun livre.',
} as const;

/** The book page: the page a device reached, and the invitation to validate. */
export const deviceReadingMessages = {
  title: 'Sur ta liseuse',
  page: 'Page {page} sur {total}',
  from: '{device}, {when}',
  invitation:
    'Ta liseuse a atteint la fin du segment {segment} (page {end})\u00a0: réponds à sa question pour le valider.',
} as const;
