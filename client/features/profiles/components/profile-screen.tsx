import type { ReactNode } from 'react';
import { profileMessages as t } from '../../../../domain/messages/accounts';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../../lib/use-session';
import { OwnerProfile } from './owner-profile';
import { PublicProfile } from './public-profile';

/**
 * /profile, /profile/{userId}, /u/{userId}: without an id, or with the reader's own, the
 * owner view; otherwise the public view of that reader (docs/architecture.md#profiles).
 */
export function ProfileScreen({ userId, signOut }: { userId?: string; signOut: ReactNode }) {
  usePageMeta({ title: t.documentTitle });
  const session = useSession();
  const ownId = session.status === 'signed-in' ? session.user.id : undefined;
  if (!userId || userId === ownId) return <OwnerProfile signOut={signOut} />;
  return <PublicProfile userId={userId} />;
}
