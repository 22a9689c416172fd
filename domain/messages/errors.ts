/**
 * Generic French error texts returned by the API (the product's words for any other error, and
 * ours).
 */
export const errorMessages = {
  unexpected: 'Une erreur inattendue est survenue',
  notFound: "Cette ressource n'existe pas.",
  invalidRequest: 'La requête est invalide.',
  invalidCharacter: 'Le texte envoyé contient un caractère non autorisé.',
  invalidJson: "Le contenu envoyé n'est pas un JSON valide.",
  payloadTooLarge: 'Le contenu envoyé est trop volumineux.',
  unsupportedMediaType: "Ce type de contenu n'est pas accepté.",
  methodNotAllowed: "Cette méthode n'est pas autorisée ici.",
  originRefused: 'Origine de la requête refusée.',
  tooManyRequestsFor: 'Trop de tentatives. Réessaie dans {minutes}\u00a0min.',
  tooManyRequests: 'Trop de tentatives. Patiente un peu avant de réessayer.',
  databaseUnavailable: 'La base de données ne répond pas.',
  shuttingDown: 'Le serveur redémarre, réessaie dans un instant.',
} as const;
