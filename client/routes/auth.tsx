import { QueryProvider } from '../app/query-provider';
import { AuthScreen } from '../features/auth/components/auth-screen';

/** /auth: sign-in and sign-up (docs/architecture.md#accounts). */
export function AuthPage() {
  return (
    <QueryProvider>
      <AuthScreen />
    </QueryProvider>
  );
}
