import { readerRows } from '../../db/reader-data';

/** An administrator's audit records outlive their account, without their id (decision 027). */
export const auditReaderData = readerRows({
  module: 'audit',
  tables: { admin_audit: ['admin_id'] },
  anonymized: ['admin_audit'],
});
