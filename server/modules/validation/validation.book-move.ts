import { bookRows } from '../../db/book-moves';

/**
 * Attempts, analytics and the questions readers are asked, on a merged duplicate, move to the
 * kept book (decision 048); where a reader has both, the kept book's row stands.
 */
export const validationBookMove = bookRows('validation', {
  validation_attempts: { uniqueWith: ['user_id', 'segment'] },
  question_assignments: { uniqueWith: ['user_id', 'segment'] },
  analytics_events: {},
});
