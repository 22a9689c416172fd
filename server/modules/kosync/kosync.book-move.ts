import { bookRows } from '../../db/book-moves';

/** Documents linked to a merged duplicate are linked to the kept book (decision 048). */
export const kosyncBookMove = bookRows('kosync', { kosync_documents: {} });
