import { bookRows } from '../../db/book-moves';

/**
 * A merged duplicate's discussions join the kept book's, segment for segment (decision 048);
 * the readers' validations move with them (reading's move), so each post stays readable by
 * whoever could read it.
 */
export const discussionsBookMove = bookRows('discussions', { segment_posts: {} });
