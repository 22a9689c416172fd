import type { BlogAdminPost } from '../../../../domain/blog.schemas';
import { blogMessages as m } from '../../../../domain/messages/blog';
import { labelClasses as label } from './blog-form-classes';
import { BlogImageSection } from './blog-image-section';
import { BlogPostFields } from './blog-post-fields';
import { BlogPublishBar } from './blog-publish-bar';
import { MarkdownEditor } from './markdown-editor';
import { useBlogPostEditor } from './use-blog-post-editor';

/** Writes or edits a post: its fields, its image, and how it is published. */
export function BlogPostForm(props: { post: BlogAdminPost | null; onDone: () => void }) {
  const { post } = props;
  const editor = useBlogPostEditor(post, props.onDone);
  const { fields, setField } = editor;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save('keep');
      }}
      noValidate
      className="grid gap-5"
    >
      <h2 className="font-display text-2xl font-semibold">{post ? m.editTitle : m.newTitle}</h2>
      {editor.error ? (
        <p role="alert" className="rounded-lg bg-accent/10 px-4 py-3 font-semibold text-accent">
          {editor.error}
        </p>
      ) : null}
      <BlogPostFields fields={fields} setField={setField} />
      <BlogImageSection
        image={editor.image}
        imageAlt={fields.imageAlt}
        onImageAlt={setField('imageAlt')}
        uploading={editor.uploading}
        onFile={(file) => void editor.uploadImage(file)}
        onRemove={editor.removeImage}
      />
      <div>
        <label htmlFor="blog-markdown" className={label}>
          {m.fieldContent} *
        </label>
        <div className="mt-1">
          <MarkdownEditor
            id="blog-markdown"
            value={fields.markdown}
            onChange={setField('markdown')}
          />
        </div>
      </div>
      <BlogPublishBar
        saving={editor.saving}
        published={post?.published ?? false}
        publishAt={fields.publishAt}
        onPublishAt={setField('publishAt')}
        onSave={(mode) => void editor.save(mode)}
      />
    </form>
  );
}
