import { bookRows } from '../../db/book-moves';

/** A merged duplicate's cover goes with it: the kept book keeps its own (decision 048). */
export const coversBookMove = bookRows('covers', {
  book_cover_files: { drop: true },
  book_covers: { drop: true },
});
