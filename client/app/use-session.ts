/**
 * Who is using the app. Accounts arrive in a later issue: until then everyone is a
 * signed-out visitor. The shell (header, menu, onboarding) only reads this hook, so the
 * accounts issue replaces its body, not the components.
 */
export type SessionUser = {
  id: string;
  email: string;
  isPremium: boolean;
  isAdmin: boolean;
};

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser };

const signedOut: Session = { status: 'signed-out' };

export function useSession(): Session {
  return signedOut;
}
