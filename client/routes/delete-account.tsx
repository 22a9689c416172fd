import { deleteAccountMessages as m } from '../../domain/messages/account';
import { QueryProvider } from '../app/query-provider';
import { DeleteAccountScreen } from '../features/account/components/delete-account-screen';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { usePageMeta } from '../lib/use-page-meta';

/** /settings/delete-account: signed-in readers only. */
export function DeleteAccountPage() {
  usePageMeta({ title: m.documentTitle });
  return (
    <ProtectedRoute>
      <QueryProvider>
        <DeleteAccountScreen />
      </QueryProvider>
    </ProtectedRoute>
  );
}
