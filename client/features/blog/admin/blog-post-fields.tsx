import { BLOG_DEFAULT_AUTHOR, blogSlug } from '../../../../domain/blog';
import { blogMessages as m } from '../../../../domain/messages/blog';
import { fill } from '../../../../domain/messages/fill';
import { fieldClasses as field, labelClasses as label } from './blog-form-classes';
import type { PostFields } from './use-blog-post-editor';

/** The post's title, address (slug), excerpt, author and tags. */
export function BlogPostFields(props: {
  fields: PostFields;
  setField: (name: keyof PostFields) => (value: string) => void;
}) {
  const { fields, setField } = props;
  return (
    <>
      <label className={label}>
        {m.fieldTitle} *
        <input
          className={field}
          value={fields.title}
          onChange={(e) => setField('title')(e.target.value)}
          required
        />
      </label>
      <label className={label}>
        {m.fieldSlug}
        <input
          className={field}
          value={fields.slug}
          placeholder={blogSlug(fields.title)}
          onChange={(e) => setField('slug')(e.target.value)}
          aria-describedby="slug-hint"
        />
        <span id="slug-hint" className="mt-1 block font-normal text-ink-soft">
          {m.fieldSlugHint}
        </span>
      </label>
      <label className={label}>
        {m.fieldExcerpt}
        <textarea
          className={field}
          rows={2}
          value={fields.excerpt}
          onChange={(e) => setField('excerpt')(e.target.value)}
        />
      </label>
      <div className="grid gap-5 sm:grid-cols-2">
        <label className={label}>
          {m.fieldAuthor}
          <input
            className={field}
            value={fields.author}
            placeholder={BLOG_DEFAULT_AUTHOR}
            onChange={(e) => setField('author')(e.target.value)}
          />
          <span className="mt-1 block font-normal text-ink-soft">
            {fill(m.fieldAuthorHint, { product: BLOG_DEFAULT_AUTHOR })}
          </span>
        </label>
        <label className={label}>
          {m.fieldTags}
          <input
            className={field}
            value={fields.tags}
            onChange={(e) => setField('tags')(e.target.value)}
          />
        </label>
      </div>
    </>
  );
}
