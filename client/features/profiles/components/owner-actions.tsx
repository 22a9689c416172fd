import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { profileMessages as t } from '../../../../domain/messages/accounts';
import { communityMessages as c } from '../../../../domain/messages/community';
import { buttonClasses } from '../../../components/ui/button-styles';
import { AvatarEditor } from './avatar-editor';
import { NameEditor } from './name-editor';

// The account deletion screen comes with its own issue; the spec's link is here already.
const DELETE_ACCOUNT_PATH = '/settings/delete-account';

/**
 * The owner's own actions under their name: the photo's buttons, 'Modifier mon nom' (or
 * 'Ajouter un nom') and its inline editor, and 'Supprimer mon compte'.
 */
export function OwnerActions(props: {
  name: string;
  username: string | null;
  avatarUrl: string | null;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closedEditor = useRef(false);

  // Back on the button that opened the editor once it closes (saved or cancelled).
  useEffect(() => {
    if (!editing && closedEditor.current) editButton.current?.focus();
  }, [editing]);

  return (
    <>
      {/* The photo itself is the header's: the editor brings only its buttons. */}
      <div className="mt-4">
        <AvatarEditor name={props.name} avatarUrl={props.avatarUrl} withAvatar={false} />
      </div>
      {editing ? (
        <NameEditor
          initial={props.username ?? ''}
          onClose={() => {
            closedEditor.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <div className="mt-4 flex flex-wrap items-center justify-center gap-x-5 gap-y-2 sm:justify-start">
          <button
            ref={editButton}
            type="button"
            onClick={() => setEditing(true)}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Pencil size={16} aria-hidden="true" />
            {props.username ? t.editName : t.addName}
          </button>
          <Link
            to={DELETE_ACCOUNT_PATH}
            className="inline-flex min-h-11 items-center text-sm font-medium text-ink-soft underline decoration-ink/25 underline-offset-4 hover:text-accent hover:decoration-accent"
          >
            {c.deleteAccount}
          </Link>
        </div>
      )}
    </>
  );
}
