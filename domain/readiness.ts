import { readinessMessages as m } from './messages/catalogue';
import { fill } from './messages/fill';

/** What a card or a book page knows about a book's questions. */
export type ReadinessSource = { questionsReady: number; expectedSegments: number };

/**
 * Whether a book can be validated: 'ready' when every segment has its question, 'partial'
 * when the first ones do, 'none' before its first question. `questionsReady` counts the
 * segments from the first without a gap (migration 0017 keeps `books.questions_ready`, and
 * `books.questions_complete` is the server's 'ready'), so a reader can validate exactly those.
 */
export function readiness(book: ReadinessSource): 'ready' | 'partial' | 'none' {
  const ready = Math.min(book.questionsReady, book.expectedSegments);
  if (ready >= book.expectedSegments) return 'ready';
  return ready > 0 ? 'partial' : 'none';
}

/** The reader's next segment has a question: the validate button may be offered. */
export function canValidateSegment(book: ReadinessSource, segment: number): boolean {
  return segment >= 1 && segment <= Math.min(book.questionsReady, book.expectedSegments);
}

/** The short label of a card: 'Questions prêtes', '3 segments prêts sur 16', 'Questions à venir'. */
export function readinessCardLabel(book: ReadinessSource): string {
  const state = readiness(book);
  if (state === 'ready') return m.ready;
  if (state === 'none') return m.none;
  return fill(book.questionsReady === 1 ? m.partialOne : m.partialMany, {
    ready: book.questionsReady,
    total: book.expectedSegments,
  });
}

/** The count beside a ready book's badge on its page: '16 segments prêts'; null otherwise. */
export function readinessCount(book: ReadinessSource): string | null {
  if (readiness(book) !== 'ready') return null;
  return book.expectedSegments === 1
    ? m.readyCountOne
    : fill(m.readyCountMany, { total: book.expectedSegments });
}

/**
 * What the book page says instead of the validate button when the reader's next segment has
 * no question yet: before adding the book, once it is in the list, or mid-book.
 */
export function readinessNotice(
  book: ReadinessSource,
  context: { inList: boolean; nextSegment: number },
): string | null {
  if (canValidateSegment(book, context.nextSegment)) return null;
  if (book.questionsReady <= 0) return context.inList ? m.comingInList : m.comingAddFirst;
  return fill(m.comingSegment, { segment: context.nextSegment });
}
