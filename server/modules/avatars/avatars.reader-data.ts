import { readerRows } from '../../db/reader-data';

/** The reader's photo, every variant (decision 027); the export lists them without their bytes. */
export const avatarsReaderData = readerRows({
  module: 'avatars',
  tables: { avatar_files: ['user_id'] },
  omit: { avatar_files: ['bytes'] },
});
