import { bookRows } from '../../db/book-moves';

/** A merged duplicate's chat room joins the kept book's (decision 048). */
export const chatBookMove = bookRows('chat', { book_chats: {} });
