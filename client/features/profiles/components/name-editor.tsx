import { useState } from 'react';
import { toast } from 'sonner';
import { usernameSchema } from '../../../../domain/accounts.schemas';
import { accountMessages as m, profileMessages as t } from '../../../../domain/messages/accounts';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { HttpError } from '../../../lib/http-error';
import { useUpdateUsername } from '../api/update-username';

/** The owner's inline name editor: 3 to 50 characters (docs/architecture.md#display-name). */
export function NameEditor({ initial, onClose }: { initial: string; onClose: () => void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const update = useUpdateUsername();

  async function save() {
    const result = usernameSchema.safeParse(name);
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ username: result.data });
    } catch (failure) {
      toast.error(failure instanceof HttpError ? failure.message : m.profileNameSaveFailed);
      return;
    }
    toast.success(m.profileNameSaved);
    onClose();
  }

  return (
    <form
      noValidate
      className="mt-5 max-w-md space-y-4 text-left"
      onSubmit={(event) => {
        event.preventDefault();
        if (!update.isPending) void save();
      }}
    >
      <TextField
        label={t.nameLabel}
        hint={t.nameHint}
        name="username"
        autoComplete="nickname"
        // The editor opens on the reader's request: their next move is to type.
        autoFocus
        maxLength={60}
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={update.isPending}
          aria-busy={update.isPending || undefined}
          className={buttonClasses()}
        >
          {update.isPending ? <Spinner /> : null}
          {update.isPending ? t.saving : t.save}
        </button>
        <button
          type="button"
          onClick={onClose}
          disabled={update.isPending}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
