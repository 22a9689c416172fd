import { Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { displayName } from '../../../../domain/accounts';
import { accountMessages as m, profileMessages as t } from '../../../../domain/messages/accounts';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useMyProfile } from '../api/get-my-profile';
import { NameEditor } from './name-editor';
import { ProfileHeader } from './profile-header';
import { ProfileSettings } from './profile-settings';

/** The signed-in reader's own profile: every field, name editing and 'Paramètres'. */
export function OwnerProfile({ signOut }: { signOut: ReactNode }) {
  const profile = useMyProfile();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closedEditor = useRef(false);

  // Back on the button that opened the editor once it closes (saved or cancelled).
  useEffect(() => {
    if (!editing && closedEditor.current) editButton.current?.focus();
  }, [editing]);

  if (profile.data === undefined) {
    return profile.isError ? (
      <ErrorState
        title={m.profileLoadFailed}
        retryLabel={t.retry}
        onRetry={() => void profile.refetch()}
      />
    ) : (
      <LoadingState text={t.loading} />
    );
  }

  const user = profile.data;
  return (
    <div className="mx-auto max-w-4xl px-5 py-10 md:px-6 md:py-14">
      <ProfileHeader name={displayName(user)} email={user.email}>
        {editing ? (
          <NameEditor
            initial={user.username ?? ''}
            onClose={() => {
              closedEditor.current = true;
              setEditing(false);
            }}
          />
        ) : (
          <button
            ref={editButton}
            type="button"
            onClick={() => setEditing(true)}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
          >
            <Pencil size={16} aria-hidden="true" />
            {user.username ? t.editName : t.addName}
          </button>
        )}
      </ProfileHeader>
      <ProfileSettings signOut={signOut} />
    </div>
  );
}
