import type { SessionUser } from '../../domain/accounts.schemas';

/**
 * Who is using the app, as GET /api/auth/session says. A plain store (no TanStack Query):
 * the header reads it on every page, the landing page included, whose JavaScript budget is
 * tight (docs/decisions/005). Sign-in, sign-up, sign-out and a profile change write to it.
 */
export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser };

const loading: Session = { status: 'loading' };
let current: Session = loading;

/**
 * What the server renders with, and so what the browser's first render (hydration) uses:
 * the session is not known yet. The reader's own state comes in the next render.
 */
export function getServerSession(): Session {
  return loading;
}
// Bumped on every write: a session request answered after a newer write is ignored.
let version = 0;
let requested = false;
const listeners = new Set<() => void>();

function write(next: Session): void {
  version += 1;
  requested = true;
  current = next;
  for (const listener of listeners) listener();
}

/** The session right now (a new object only when it changed, as useSyncExternalStore needs). */
export function getSession(): Session {
  return current;
}

/** Calls `listener` on every change; the first subscriber triggers the session request. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Never on the server, which renders for a visitor (decision 030).
  if (!requested && typeof window !== 'undefined') void loadSession();
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Asks the server who is signed in; a failure counts as signed out. A bare fetch rather than
 * the API client, which the landing page would otherwise download for this one call.
 */
export async function loadSession(): Promise<void> {
  requested = true;
  const started = version;
  let next: Session = { status: 'signed-out' };
  try {
    const response = await fetch('/api/auth/session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const body = response.ok ? ((await response.json()) as { user: SessionUser | null }) : null;
    if (body?.user) next = { status: 'signed-in', user: body.user };
  } catch {
    // Unreachable API or unreadable answer: signed out.
  }
  if (version === started) write(next);
}

export function setSignedIn(user: SessionUser): void {
  write({ status: 'signed-in', user });
}

export function setSignedOut(): void {
  write({ status: 'signed-out' });
}

/** Back to 'loading': the next subscriber asks the server again. For tests. */
export function resetSession(): void {
  version += 1;
  requested = false;
  current = loading;
  for (const listener of listeners) listener();
}
