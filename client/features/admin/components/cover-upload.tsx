import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { coverFileProblem } from '../../../../domain/covers';
import { coverUploadMessages as m } from '../../../../domain/messages/covers';
import { ImagePickerButton } from '../../../components/ui/image-picker-button';
import { HttpError } from '../../../lib/http-error';
import { type UploadedCover, useUploadCover } from '../api/upload-cover';

type Props = {
  bookId: string;
  /** The book's title, so the button says which cover it changes. */
  title: string;
  hasCover?: boolean;
  onUploaded?: (cover: UploadedCover) => void;
};

/**
 * An administrator's cover picker for one book (the book edit dialog, the auto-covers
 * preview): images only, 5 MB at most (the spec's words), checked here first, then sent;
 * the server crops it to 2:3 and makes its AVIF, WebP and JPEG files.
 */
export function CoverUpload({ bookId, title, hasCover = false, onUploaded }: Props) {
  const hintId = useId();
  const [problem, setProblem] = useState<string>();
  const upload = useUploadCover();

  async function send(file: File) {
    const refusal = coverFileProblem(file);
    setProblem(refusal ?? undefined);
    if (refusal) return;
    try {
      const cover = await upload.mutateAsync({ bookId, file });
      toast.success(m.saved);
      onUploaded?.(cover);
    } catch (failure) {
      const message = failure instanceof HttpError ? failure.message : m.failed;
      setProblem(message);
      toast.error(message);
    }
  }

  return (
    <div className="flex flex-col gap-1" aria-busy={upload.isPending || undefined}>
      <ImagePickerButton
        label={hasCover ? m.change : m.choose}
        pendingLabel={m.uploading}
        pending={upload.isPending}
        icon={<ImageUp size={14} aria-hidden="true" />}
        size="xs"
        buttonLabel={`${hasCover ? m.change : m.choose} — ${title}`}
        inputLabel={`${m.choose} (${title})`}
        describedBy={hintId}
        onFile={(file) => void send(file)}
      />
      <p id={hintId} className="sr-only">
        {m.hint}
      </p>
      {problem ? (
        <p role="alert" className="text-xs font-medium text-accent">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
