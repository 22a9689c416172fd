import { blogMessages as m } from '../../../../domain/messages/blog';
import { buttonClasses } from '../../../components/ui/button-styles';
import { BlogImage } from '../components/blog-image';
import { fieldClasses as field, labelClasses as label } from './blog-form-classes';
import type { UploadedImage } from './use-blog-post-editor';

/** The post's image: its preview, the file to upload, 'Retirer l'image' and its text alternative. */
export function BlogImageSection(props: {
  image: UploadedImage | null;
  imageAlt: string;
  onImageAlt: (alt: string) => void;
  uploading: boolean;
  onFile: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const { image, imageAlt, uploading } = props;
  return (
    <fieldset className="grid gap-3 rounded-xl border border-ink/15 p-4">
      <legend className="px-1 text-sm font-semibold">{m.fieldImage}</legend>
      {image ? (
        <div className="max-w-sm overflow-hidden rounded-lg">
          <BlogImage image={{ ...image.image, alt: imageAlt }} sizes="384px" />
        </div>
      ) : null}
      <label className="text-sm">
        <span className="sr-only">{m.fieldImage}</span>
        <input
          type="file"
          accept="image/*"
          disabled={uploading}
          onChange={(e) => props.onFile(e.target.files?.[0])}
          aria-describedby="image-hint"
        />
      </label>
      <p id="image-hint" className="text-sm text-ink-soft">
        {uploading ? m.uploading : m.fieldImageHint}
      </p>
      {image ? (
        <button
          type="button"
          className={buttonClasses({
            variant: 'ghost',
            size: 'sm',
            className: 'justify-self-start',
          })}
          onClick={props.onRemove}
        >
          {m.removeImage}
        </button>
      ) : null}
      <label className={label}>
        {m.fieldImageAlt}
        <input
          className={field}
          value={imageAlt}
          onChange={(e) => props.onImageAlt(e.target.value)}
        />
      </label>
    </fieldset>
  );
}
