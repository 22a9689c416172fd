// The rewards module's public surface: what other modules may use (decision 039).
export { rewardsReaderData } from './rewards.reader-data';
export { readerBadgeViews, readerStats } from './rewards.repository';
export {
  badgePeriod,
  grantBadge,
  grantFromRecord,
  grantPublishedQuestion,
  withValidation,
} from './rewards.service';
export { type RecordRow, recordSql, rewardsSql, toRecord, xpSql } from './rewards.sql';
