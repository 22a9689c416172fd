// The circles module's public surface: what other modules may use (decision 039).
export { circlesBookMove } from './circles.book-move';
export { circlesReaderData } from './circles.reader-data';
export { circleMembership } from './circles.repository';
export { circlesSql } from './circles.sql';
