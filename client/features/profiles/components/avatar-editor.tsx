import { Camera, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { avatarFileProblem } from '../../../../domain/avatars';
import { avatarMessages as m } from '../../../../domain/messages/avatars';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { useRemoveAvatar, useUploadAvatar } from '../api/avatar';

type Props = {
  name: string;
  avatarUrl: string | null;
  /** False when the photo is already shown beside the buttons (e.g. in the profile header). */
  withAvatar?: boolean;
};

/**
 * The owner's photo editor: 'Changer la photo' opens the file picker (images only); the
 * file is checked here first (image, 5 MB at most, the server's own words), then sent; the
 * server crops and resizes it. 'Supprimer la photo' goes back to initials.
 */
export function AvatarEditor({ name, avatarUrl, withAvatar = true }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string>();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  async function send(file: File) {
    const refusal = avatarFileProblem(file);
    setProblem(refusal ?? undefined);
    if (refusal) return;
    try {
      await upload.mutateAsync(file);
      toast.success(m.saved);
    } catch (failure) {
      toast.error(failure instanceof HttpError ? failure.message : m.saveFailed);
    }
  }

  async function removePhoto() {
    setProblem(undefined);
    try {
      await remove.mutateAsync();
      toast.success(m.removed);
    } catch (failure) {
      toast.error(failure instanceof HttpError ? failure.message : m.removeFailed);
    }
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:items-start" aria-busy={busy || undefined}>
      {withAvatar ? <Avatar name={name} src={avatarUrl} size="lg" /> : null}
      <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
        <button
          type="button"
          disabled={busy}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {upload.isPending ? <Spinner size={16} /> : <Camera size={16} aria-hidden="true" />}
          {upload.isPending ? m.uploading : m.change}
        </button>
        {avatarUrl ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void removePhoto()}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            {remove.isPending ? <Spinner size={16} /> : <Trash2 size={16} aria-hidden="true" />}
            {remove.isPending ? m.removing : m.remove}
          </button>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-ink-soft">
        {m.hint}
      </p>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-accent">
          {problem}
        </p>
      ) : null}
      {/* Opened by the button above, which keyboards and screen readers reach. */}
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={m.inputLabel}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again still sends it.
          event.target.value = '';
          if (file) void send(file);
        }}
      />
    </div>
  );
}
