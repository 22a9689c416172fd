// The open-catalogue lookup when a reader adds a missing book (docs/decisions/042-book-lookup.md):
// our words, with 'tu'. A failed lookup is never an error for the reader: each text says what
// happened and that they may type the book's details themselves.

/** Why a typed ISBN is refused (domain/isbn.ts). */
export const isbnMessages = {
  empty: 'Saisis un ISBN.',
  badCharacters: 'Un ISBN ne contient que des chiffres (et un X à la fin d’un ISBN-10).',
  badLength: 'Un ISBN compte 10 ou 13\u00a0chiffres.',
  badPrefix: 'Un ISBN-13 commence par 978 ou 979.',
  badCheckDigit:
    'La clé de contrôle de cet ISBN ne correspond pas (le dernier chiffre)\u00a0: vérifie qu’il n’y a pas de faute de frappe.',
} as const;

/** What the lookup answers besides a list of editions. */
export const bookLookupMessages = {
  emptyQuery: 'Saisis un titre, un auteur ou un ISBN pour chercher dans le catalogue ouvert.',
  queryTooLong: 'Ta recherche est trop longue\u00a0: 200\u00a0caractères au plus.',
  noResult:
    'Le catalogue ouvert ne connaît pas ce livre. Saisis ses informations toi-même, ou essaie une autre recherche.',
  off: 'La recherche dans le catalogue ouvert est désactivée sur ce serveur. Saisis les informations du livre toi-même.',
  timeout:
    'La recherche dans le catalogue ouvert ne répond pas. Saisis les informations du livre toi-même, ou réessaie dans un moment.',
  unreachable:
    'Le catalogue ouvert est injoignable pour le moment. Saisis les informations du livre toi-même, ou réessaie plus tard.',
  unavailable:
    'Le catalogue ouvert rencontre un problème de son côté. Saisis les informations du livre toi-même, ou réessaie plus tard.',
  malformed:
    'Le catalogue ouvert a envoyé une réponse illisible. Saisis les informations du livre toi-même.',
} as const;
