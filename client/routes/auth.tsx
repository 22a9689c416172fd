import { QueryProvider } from '../app/query-provider';
import { AuthScreen } from '../features/auth/components/auth-screen';

/** /auth: sign-in and sign-up (spec 000 §2 'Sign-in screen'). */
export function AuthPage() {
  return (
    <QueryProvider>
      <AuthScreen />
    </QueryProvider>
  );
}
