import { bookRows } from '../../db/book-moves';

/** A merged duplicate's circles read the kept book (decision 048). */
export const circlesBookMove = bookRows('circles', { circles: {} });
