import { bookRows } from '../../db/book-moves';

/** The feed's lines about a merged duplicate name the kept book (decision 048). */
export const communityBookMove = bookRows('community', { activities: {} });
