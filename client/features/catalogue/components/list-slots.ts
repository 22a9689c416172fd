import type { ComponentType } from 'react';
import type { ReadingStatus } from '../../../../domain/segments';

/**
 * The button that adds a book to the reader's list ('Ajouter à ma liste') or removes it
 * ('Retirer'). The reading-list feature draws it and the page passes it in, so the catalogue
 * never imports that feature.
 */
export type ListButtonComponent = ComponentType<ListButtonProps>;

export type ListButtonProps = {
  book: { id: string; title: string };
  inList: boolean;
  /** Id of the element naming the book, for screen readers (cards show many such buttons). */
  describedBy?: string;
};

/** The reader's list as the catalogue's grids show it, given by the page. */
export type CatalogueList = {
  /** The status of each book of the list, by book id. */
  statuses: ReadonlyMap<string, ReadingStatus>;
  /** False until the list is known: the cards show no button before then. */
  ready: boolean;
  /** The button of a book card. */
  CardButton: ListButtonComponent;
};
