// The community module's public surface: what other modules may use (decision 039).
export { recordActivities } from './activities.repository';
export { communityBookMove } from './community.book-move';
export { communityReaderData } from './community.reader-data';
export { hiddenFrom, hiddenReaderIds, readerRelation } from './community.repository';
export { lockReaderPair } from './community.service';
export { communitySql } from './community.sql';
export { type Cursor, cursorSql, decodeCursor, encodeCursor } from './cursor';
