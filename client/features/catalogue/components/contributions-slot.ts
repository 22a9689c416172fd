import type { ComponentType, ReactNode } from 'react';
import type { BookDetail } from '../../../../domain/books.schemas';

/**
 * What a reader adds to a book besides reading it (decision 045): the question of a segment
 * without one, their questions waiting for review, the way to review others'. The
 * question-proposals feature draws it and the book page passes it in, so the catalogue never
 * imports that feature. Rendered in the reader's panel, for a book in their list not finished.
 */
export type ContributionsComponent = ComponentType<ContributionsSlotProps>;

export type ContributionsSlotProps = {
  book: BookDetail;
  /**
   * The catalogue's next step, drawn where the slot wants it: the validate button, or the notice
   * that the next segment's question is coming. `hasQuestion` is the server's word on the
   * reader's next segment (true: the button, whatever the count of questions in a row says);
   * null while it is not known, which leaves the catalogue's own guess.
   */
  nextStep: (hasQuestion: boolean | null) => ReactNode;
};
