import { bookCardMessages as m } from './messages/catalogue';

/** Longest title a card shows before cutting it with '…' (docs/architecture.md#screens). */
export const TITLE_MAX_LENGTH = 50;

/** Book grid: 12 books first, 8 more per 'Voir plus de livres' (docs/architecture.md#screens). */
export const GRID_PAGING = { first: 12, step: 8 } as const;

/**
 * Reading list: 'À lire' shows 8 then 6 more, 'Livres terminés' 10 then 6 more
 * (docs/architecture.md#screens).
 */
export const READING_LIST_PAGING = {
  toRead: { first: 8, step: 6 },
  completed: { first: 10, step: 6 },
} as const;

/**
 * Books of the home 'Lectures en cours' card: 3 on desktop, 2 under 768 px
 * (docs/architecture.md#screens).
 */
export const HOME_CURRENT_READING = { desktop: 3, mobile: 2 } as const;

/** A single search result opens its book after this delay (docs/architecture.md#client-timings). */
export const SEARCH_REDIRECT_MS = 300;

/** Explore search applies from this many characters (docs/architecture.md#search). */
export const EXPLORE_MIN_QUERY = 2;

/**
 * The progress bar of a book page scrolls into view after this delay
 * (docs/architecture.md#client-timings).
 */
export const PROGRESS_SCROLL_DELAY_MS = 350;

/** Up to 3 category chips per card (docs/architecture.md#screens). */
export const CARD_MAX_CHIPS = 3;

/** A title as a card shows it: 'Titre inconnu' when blank, cut at 50 characters with '…'. */
export function cardTitle(title: string | null | undefined): string {
  const text = title?.trim() ?? '';
  if (!text) return m.unknownTitle;
  const chars = Array.from(text);
  if (chars.length <= TITLE_MAX_LENGTH) return text;
  return `${chars.slice(0, TITLE_MAX_LENGTH).join('').trimEnd()}…`;
}

/** A whole title, 'Titre inconnu' when blank. */
export function bookTitle(title: string | null | undefined): string {
  return title?.trim() || m.unknownTitle;
}

/** An author, 'Auteur inconnu' when blank. */
export function bookAuthor(author: string | null | undefined): string {
  return author?.trim() || m.unknownAuthor;
}

/**
 * How many items a 'Voir plus' list shows after `steps` presses: `first`, then `step` more
 * each time, never more than there are.
 */
export function shownCount(total: number, paging: { first: number; step: number }, steps: number) {
  return Math.min(Math.max(0, total), paging.first + paging.step * Math.max(0, steps));
}

/** Address of a book page. */
export function bookPath(slug: string): string {
  return `/books/${encodeURIComponent(slug)}`;
}

/** Address of the finished-book chat room (docs/architecture.md#screens). */
export function finishedChatPath(slug: string): string {
  return `/finished-chat/${encodeURIComponent(slug)}`;
}
