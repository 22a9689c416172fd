// A reader adds a book the catalogue lacks (decision 044): our words, with 'tu'.

export const readerBooksMessages = {
  // Entry points: search's empty answer and explore.
  addCta: 'Ajouter ce livre',
  addLink: 'Il manque un livre\u00a0? Ajoute-le',
  // The page.
  documentTitle: 'Ajouter un livre',
  title: 'Ajouter un livre',
  lead: 'Cherche ton livre dans le catalogue ouvert pour remplir la fiche, ou saisis-la toi-même. Il sera lisible tout de suite.',
  lookupLabel: 'Titre, auteur ou ISBN',
  lookupPlaceholder: 'L’Étranger, Camus ou un ISBN…',
  lookupSubmit: 'Chercher',
  lookupSearching: 'Recherche dans le catalogue ouvert…',
  // The lookup itself did not answer (network, session gone): the reader may type the book.
  lookupFailed:
    'La recherche n’a pas abouti. Saisis les informations du livre toi-même, ou réessaie dans un moment.',
  editionsLabel: 'Éditions trouvées',
  editionPages: '{pages}\u00a0pages',
  editionIsbn: 'ISBN {isbn}',
  pickEdition: 'Choisir cette édition',
  pickedEdition: 'Fiche remplie d’après cette édition\u00a0: vérifie-la avant d’ajouter le livre.',
  typeItYourself: 'Saisir la fiche moi-même',
  formLabel: 'Fiche du livre',
  fields: {
    title: 'Titre',
    author: 'Auteur',
    totalPages: 'Nombre de pages',
    category: 'Catégorie',
    categoryPlaceholder: 'Choisis une catégorie',
    isbn: 'ISBN (facultatif)',
    year: 'Année de parution (facultatif)',
    description: 'Résumé (facultatif)',
  },
  coverFromLookup: 'La couverture du catalogue ouvert sera reprise.',
  submit: 'Ajouter le livre',
  submitting: 'Ajout…',
  added: 'Livre ajouté\u00a0: bonne lecture\u00a0!',
  alreadyThere: 'Ce livre est déjà dans le catalogue\u00a0:',
  openExisting: 'Ouvrir sa fiche',
  signInToAdd: 'Connecte-toi pour ajouter un livre au catalogue.',
  signIn: 'Se connecter',
  loading: 'Chargement…',
  // The label on a book a reader added, until an administrator confirms it.
  communityBadge: 'Ajouté par la communauté',
  communityBadgeHint: 'Un lecteur a ajouté ce livre\u00a0; l’équipe ne l’a pas encore vérifié.',
  // Refusals (the server's, in French).
  titleRequired: 'Saisis le titre du livre.',
  titleTooLong: 'Le titre fait 200\u00a0caractères au plus.',
  authorRequired: 'Saisis l’auteur du livre.',
  authorTooLong: 'Le nom de l’auteur fait 200\u00a0caractères au plus.',
  pagesInvalid: 'Le nombre de pages est un nombre entier, de 1 à 5\u00a0000.',
  categoryInvalid: 'Choisis une catégorie parmi celles proposées.',
  yearInvalid: 'L’année de parution est un nombre entier, de -3000 à l’année prochaine.',
  descriptionTooLong: 'Le résumé fait 5\u00a0000\u00a0caractères au plus.',
  coverInvalid:
    'Cette couverture ne vient pas du catalogue ouvert\u00a0: choisis une édition trouvée.',
  dailyLimit:
    'Tu as ajouté 10\u00a0livres en 24\u00a0heures\u00a0: reviens demain pour en ajouter d’autres.',
  duplicate: 'Ce livre est déjà dans le catalogue.',
  addError: 'Le livre n’a pas pu être ajouté. Réessaie dans un moment.',

  // Readers report a book (decision 048).
  report: 'Signaler ce livre',
  reportTitle: 'Signaler ce livre',
  reportReasonLabel: 'Qu’est-ce qui ne va pas\u00a0?',
  reportDetail: 'Précise, si tu veux (facultatif)',
  reportDetailTooLong: 'La précision fait 300\u00a0caractères au plus.',
  reportReasonRequired: 'Choisis ce qui ne va pas.',
  reportSubmit: 'Envoyer le signalement',
  reported: 'Merci, ton signalement est enregistré. Un administrateur va regarder ce livre.',
  alreadyReported: 'Tu as déjà signalé ce livre.',
  bookNotFound: 'Ce livre n’existe pas ou n’est plus disponible.',
  // Ours, for the dialog.
  reportLead:
    'Dis-nous ce qui ne va pas avec «\u00a0{title}\u00a0»\u00a0: un administrateur y regardera.',
  reportDetailCounter: '{count}\u00a0/\u00a0{max}\u00a0caractères',
  reportSending: 'Envoi…',
  reportCancel: 'Annuler',
  reportClose: 'Fermer',
  reportError: 'Ton signalement n’a pas pu être envoyé. Réessaie dans un moment.',
} as const;

/** Why a reader reports a book, by code. */
export const bookReportReasons = {
  duplicate: 'C’est le doublon d’un autre livre',
  wrong: 'Ses informations sont fausses',
  offensive: 'Son contenu est choquant',
  other: 'Autre chose',
} as const;
