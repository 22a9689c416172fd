import { readerRows } from '../../db/reader-data';

/**
 * The reader's device passwords (never their hashes in an export) and the positions their
 * devices reported (decision 053).
 */
export const kosyncReaderData = readerRows({
  module: 'kosync',
  tables: { kosync_documents: ['user_id'], kosync_devices: ['user_id'] },
  omit: { kosync_devices: ['key_hash'] },
});
