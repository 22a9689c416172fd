/** French texts of the catalogue and the reading list (spec 000 §2, §5, §8; spec 001 §2). */
export const catalogueMessages = {
  // Book object checks (spec 000 §5).
  bookIdEmpty: "L'ID du livre ne peut pas être vide",
  bookTitleEmpty: 'Le titre ne peut pas être vide',
  bookIdOrSlugInvalid: 'Le livre doit avoir un ID ou un slug valide',
  bookNull: 'Le livre ne peut pas être null ou undefined',
  // Reading list errors by code (spec 000 §8).
  alreadyInList: 'Le livre "{title}" est déjà dans votre liste de lecture',
  invalidBook: 'Livre invalide: {reason}',
  addAuthRequired: 'Vous devez être connecté pour ajouter un livre à votre liste',
  unexpected: 'Une erreur inattendue est survenue',
  addSuccess: '"{title}" ajouté à votre liste de lecture',
  addFailed: 'Impossible d\'ajouter "{title}" à votre liste',
  removeSuccess: '"{title}" retiré de votre liste de lecture',
  removeFailed: 'Impossible de retirer "{title}" de votre liste',
  notInList: "Ce livre n'est pas dans votre liste de lecture",
  bookNotFound: "Le livre avec l'identifiant {id} n'existe pas",
  bookUnavailable: 'Ce livre est actuellement indisponible',
  listLoadFailed: 'Erreur lors du chargement de vos livres',
  listLoadFailedPage: 'Une erreur est survenue lors du chargement de vos livres.',
  // Search (spec 000 §8, spec 001 §5).
  searchFailed: "Erreur de recherche : Impossible d'effectuer votre recherche",
  searchNoMatch: 'Aucun livre ne correspond à votre recherche',
  searchTooLong: 'La recherche est trop longue (100 caractères au plus)',
  invalidCategory: 'Catégorie inconnue : choisis Littérature, Religion, Essai ou Bio',
  invalidPage: 'Numéro de page invalide',
  invalidSort: 'Tri inconnu : choisis date, auteur ou pages',
} as const;

/** Category labels of the explore tabs (spec 001 §2). */
export const categoryLabels = {
  litterature: 'Littérature',
  religion: 'Religion',
  essai: 'Essai',
  bio: 'Bio',
} as const;
