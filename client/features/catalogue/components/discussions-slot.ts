import type { ComponentType } from 'react';

/**
 * The book's segment discussions (decision 054): the discussions feature draws them (each
 * segment's entry, then the finished-book room) and the book page passes them in, so the
 * catalogue never imports that feature. Shown to signed-in readers, under their progress.
 * `validated` is the reader's count of validated segments: when it moves, the counts are read
 * again (a segment just validated opens its discussion).
 */
export type DiscussionsComponent = ComponentType<DiscussionsSlotProps>;

export type DiscussionsSlotProps = {
  book: { id: string; slug: string; title: string };
  validated: number;
};
