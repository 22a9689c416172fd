import { QueryProvider } from '../app/query-provider';
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen';

/** /reset-password?token=…: choose a new password (spec 000 §2 'New-password screen'). */
export function ResetPasswordPage() {
  return (
    <QueryProvider>
      <ResetPasswordScreen />
    </QueryProvider>
  );
}
