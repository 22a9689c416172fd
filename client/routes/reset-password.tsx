import { QueryProvider } from '../app/query-provider';
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen';

/** /reset-password?token=…: choose a new password (docs/architecture.md#accounts). */
export function ResetPasswordPage() {
  return (
    <QueryProvider>
      <ResetPasswordScreen />
    </QueryProvider>
  );
}
