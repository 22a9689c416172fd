import { AutoCoversScreen } from '../features/admin/auto-covers/auto-covers-screen';
import { CoverUpload } from '../features/admin/components/cover-upload';

/**
 * /admin/auto-covers: automatic covers (inside the admin layout: gate and navigation); each
 * previewed book may get an uploaded cover instead.
 */
export function AdminAutoCoversPage() {
  return (
    <AutoCoversScreen
      renderBookActions={(book) => (
        <CoverUpload bookId={book.id} title={book.title} hasCover={Boolean(book.coverUrl)} />
      )}
    />
  );
}
