// The friends module's public surface: what other modules may use (decision 039).
export { friendsReaderData } from './friends.reader-data';
export { recordFriendReading, tellFriendQuestMet } from './friends.service';
export { type FriendColumns, friendsSql } from './friends.sql';
