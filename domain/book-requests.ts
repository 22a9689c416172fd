// Book requests (docs/architecture.md#book-requests-and-premium): the statuses, their labels and
// colours, the FAQ's "two at a time" rule and the ISBN checksum, shared by server and client.

export const BOOK_REQUEST_STATUSES = ['pending', 'processing', 'completed'] as const;
export type BookRequestStatus = (typeof BOOK_REQUEST_STATUSES)[number];

/** The spec's labels. */
export const BOOK_REQUEST_STATUS_LABELS: Record<BookRequestStatus, string> = {
  pending: 'En attente',
  processing: 'En traitement',
  completed: 'Complété',
};

/** The badges' colours: completed green, processing yellow, pending gray. */
export const BOOK_REQUEST_STATUS_TONES: Record<BookRequestStatus, 'gray' | 'yellow' | 'green'> = {
  pending: 'gray',
  processing: 'yellow',
  completed: 'green',
};

/** The FAQ's rule, enforced by the server: requests pending or in progress at once, per reader. */
export const OPEN_BOOK_REQUESTS_LIMIT = 2;

/** The statuses that count towards the limit. */
export const OPEN_BOOK_REQUEST_STATUSES: readonly BookRequestStatus[] = ['pending', 'processing'];

/** Field lengths (ours: the spec gives none). */
export const BOOK_REQUEST_LIMITS = { title: 300, author: 200, isbn: 32, reason: 2000 } as const;
