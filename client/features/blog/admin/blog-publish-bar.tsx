import { blogMessages as m } from '../../../../domain/messages/blog';
import { buttonClasses } from '../../../components/ui/button-styles';
import { fieldClasses as field, labelClasses as label } from './blog-form-classes';
import { localInput, type SaveMode } from './use-blog-post-editor';

/**
 * The form's last row: 'Enregistrer' (the form's submit: saved as it is), 'Publier', a date and
 * 'Programmer', and 'Dépublier' for a published post.
 */
export function BlogPublishBar(props: {
  saving: boolean;
  /** The post is published (or scheduled): it can go back to a draft. */
  published: boolean;
  publishAt: string;
  onPublishAt: (value: string) => void;
  onSave: (mode: SaveMode) => void;
}) {
  const { saving } = props;
  return (
    <div className="flex flex-wrap items-end gap-3 border-t border-ink/10 pt-5">
      <button type="submit" disabled={saving} className={buttonClasses({ variant: 'secondary' })}>
        {saving ? m.saving : m.save}
      </button>
      <button
        type="button"
        disabled={saving}
        onClick={() => props.onSave('publish')}
        className={buttonClasses()}
      >
        {m.publish}
      </button>
      <label className={label}>
        {m.fieldPublishAt}
        <input
          type="datetime-local"
          className={field}
          value={props.publishAt}
          min={localInput(new Date())}
          onChange={(e) => props.onPublishAt(e.target.value)}
        />
      </label>
      <button
        type="button"
        disabled={saving}
        onClick={() => props.onSave('schedule')}
        className={buttonClasses({ variant: 'secondary' })}
      >
        {m.schedule}
      </button>
      {props.published ? (
        <button
          type="button"
          disabled={saving}
          onClick={() => props.onSave('draft')}
          className={buttonClasses({ variant: 'ghost' })}
        >
          {m.unpublish}
        </button>
      ) : null}
    </div>
  );
}
