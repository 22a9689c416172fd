import { Camera, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { avatarFileProblem } from '../../../../domain/avatars';
import { avatarMessages as m } from '../../../../domain/messages/avatars';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ImagePickerButton } from '../../../components/ui/image-picker-button';
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
        <ImagePickerButton
          label={m.change}
          pendingLabel={m.uploading}
          pending={upload.isPending}
          disabled={busy}
          icon={<Camera size={16} aria-hidden="true" />}
          size="sm"
          inputLabel={m.inputLabel}
          describedBy={hintId}
          onFile={(file) => void send(file)}
        />
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
    </div>
  );
}
