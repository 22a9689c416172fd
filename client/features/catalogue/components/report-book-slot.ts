import type { ComponentType } from 'react';

/**
 * « Signaler ce livre » (decision 048): the reader-books feature draws it (a button and its
 * dialog) and the book page passes it in, so the catalogue never imports that feature. Shown
 * to signed-in readers, on every book.
 */
export type ReportBookComponent = ComponentType<ReportBookSlotProps>;

export type ReportBookSlotProps = {
  book: { id: string; title: string };
};
