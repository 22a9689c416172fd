import { displayName } from '../../../../domain/accounts';
import { accountMessages as m, profileMessages as t } from '../../../../domain/messages/accounts';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { HttpError } from '../../../lib/http-error';
import { usePublicProfile } from '../api/get-public-profile';
import { ProfileHeader } from './profile-header';

/** Another reader's profile: only their public fields (docs/architecture.md#profiles). */
export function PublicProfile({ userId }: { userId: string }) {
  const profile = usePublicProfile(userId);

  if (profile.data === undefined) {
    if (!profile.isError) return <LoadingState text={t.loading} />;
    const { error } = profile;
    // 'Ce lecteur n'existe pas.' and the like; a server failure needs no second sentence.
    const detail = error instanceof HttpError && error.status < 500 ? error.message : undefined;
    return (
      <ErrorState
        title={m.publicProfileLoadFailed}
        detail={detail}
        retryLabel={t.retry}
        onRetry={detail ? undefined : () => void profile.refetch()}
      />
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-5 py-10 md:px-6 md:py-14">
      <ProfileHeader name={displayName(profile.data)} />
    </div>
  );
}
