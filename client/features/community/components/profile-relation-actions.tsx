import type { ProfilePage } from '../../../../domain/community.schemas';
import { BlockButton } from './block-button';
import { FollowButton } from './follow-button';

/**
 * On another reader's profile: follow or unfollow (not while blocked: nobody follows across
 * a block), and block or unblock. Never on one's own profile.
 */
export function ProfileRelationActions({ page }: { page: ProfilePage }) {
  if (page.isOwner) return null;
  const { id } = page.profile;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
      {page.relation.blocked ? null : (
        <FollowButton userId={id} following={page.relation.following} />
      )}
      <BlockButton userId={id} blocked={page.relation.blocked} />
    </div>
  );
}
