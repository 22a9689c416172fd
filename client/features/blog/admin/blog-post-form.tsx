import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { BLOG_DEFAULT_AUTHOR, BLOG_IMAGE_MAX_BYTES, blogSlug } from '../../../../domain/blog';
import type { BlogAdminPost, BlogImage as Image } from '../../../../domain/blog.schemas';
import { blogMessages as m } from '../../../../domain/messages/blog';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { HttpError } from '../../../lib/http-error';
import { BlogImage } from '../components/blog-image';
import { uploadBlogImage, useBlogAdminAction } from './blog-admin-api';
import { MarkdownEditor } from './markdown-editor';

const field =
  'mt-1 block w-full rounded-lg border border-ink/25 bg-paper px-3 py-2 focus-visible:outline-2 focus-visible:outline-accent';
const label = 'block text-sm font-semibold';

/** The datetime-local value of an instant, in the browser's zone ('2026-11-24T09:30'). */
function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof HttpError ? error.message : fallback;

/** Writes or edits a post: its fields, its image, and how it is published. */
export function BlogPostForm(props: { post: BlogAdminPost | null; onDone: () => void }) {
  const { post } = props;
  const action = useBlogAdminAction();
  const [title, setTitle] = useState(post?.title ?? '');
  const [slug, setSlug] = useState(post?.slug ?? '');
  const [excerpt, setExcerpt] = useState(post?.excerpt ?? '');
  const [author, setAuthor] = useState(post?.author ?? '');
  const [tags, setTags] = useState(post?.tags.join(', ') ?? '');
  const [markdown, setMarkdown] = useState(post?.markdown ?? '');
  const [image, setImage] = useState<{ hash: string; image: Image } | null>(
    post?.imageHash && post.image ? { hash: post.imageHash, image: post.image } : null,
  );
  const [imageAlt, setImageAlt] = useState(post?.imageAlt ?? '');
  const [publishAt, setPublishAt] = useState(
    post?.state === 'scheduled' && post.publishedAt ? localInput(new Date(post.publishedAt)) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const input = (published: boolean, publishedAt: string | null) => ({
    title,
    slug,
    markdown,
    excerpt,
    author,
    tags: tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    imageHash: image?.hash ?? null,
    imageAlt,
    published,
    publishedAt,
  });

  const save = async (mode: 'draft' | 'publish' | 'schedule' | 'keep') => {
    setError(null);
    if (!title.trim() || !markdown.trim() || !(slug.trim() || blogSlug(title))) {
      setError(m.requiredFields);
      return;
    }
    let published = post?.published ?? false;
    let at = post?.publishedAt ?? null;
    if (mode === 'draft') published = false;
    if (mode === 'publish') {
      published = true;
      at = post?.state === 'published' ? at : new Date().toISOString();
    }
    if (mode === 'schedule') {
      if (!publishAt) return setError(m.scheduleRequired);
      const when = new Date(publishAt);
      if (when.getTime() <= Date.now()) return setError(m.scheduleInPast);
      published = true;
      at = when.toISOString();
    }
    try {
      await action.mutateAsync({ kind: 'save', id: post?.id ?? null, input: input(published, at) });
      toast.success(mode === 'publish' ? m.published : mode === 'schedule' ? m.scheduled : m.saved);
      props.onDone();
    } catch (e) {
      setError(messageOf(e, m.saveError));
    }
  };

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(m.notAnImage);
    if (file.size > BLOG_IMAGE_MAX_BYTES) return setError(m.imageTooLarge);
    setUploading(true);
    try {
      const uploaded = await uploadBlogImage(file);
      setImage(uploaded);
      toast.success(m.uploaded);
    } catch (e) {
      setError(messageOf(e, m.uploadError));
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save('keep');
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <h2 className="font-display text-2xl font-semibold">{post ? m.editTitle : m.newTitle}</h2>
      {error ? (
        <p role="alert" className="rounded-lg bg-accent/10 px-4 py-3 font-semibold text-accent">
          {error}
        </p>
      ) : null}
      <label className={label}>
        {m.fieldTitle} *
        <input
          className={field}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
        />
      </label>
      <label className={label}>
        {m.fieldSlug}
        <input
          className={field}
          value={slug}
          placeholder={blogSlug(title)}
          onChange={(e) => setSlug(e.target.value)}
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
          value={excerpt}
          onChange={(e) => setExcerpt(e.target.value)}
        />
      </label>
      <div className="grid gap-5 sm:grid-cols-2">
        <label className={label}>
          {m.fieldAuthor}
          <input
            className={field}
            value={author}
            placeholder={BLOG_DEFAULT_AUTHOR}
            onChange={(e) => setAuthor(e.target.value)}
          />
          <span className="mt-1 block font-normal text-ink-soft">
            {fill(m.fieldAuthorHint, { product: BLOG_DEFAULT_AUTHOR })}
          </span>
        </label>
        <label className={label}>
          {m.fieldTags}
          <input className={field} value={tags} onChange={(e) => setTags(e.target.value)} />
        </label>
      </div>
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
            onChange={(e) => void onImage(e.target.files?.[0])}
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
            onClick={() => setImage(null)}
          >
            {m.removeImage}
          </button>
        ) : null}
        <label className={label}>
          {m.fieldImageAlt}
          <input className={field} value={imageAlt} onChange={(e) => setImageAlt(e.target.value)} />
        </label>
      </fieldset>
      <div>
        <label htmlFor="blog-markdown" className={label}>
          {m.fieldContent} *
        </label>
        <div className="mt-1">
          <MarkdownEditor id="blog-markdown" value={markdown} onChange={setMarkdown} />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3 border-t border-ink/10 pt-5">
        <button
          type="submit"
          disabled={action.isPending}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {action.isPending ? m.saving : m.save}
        </button>
        <button
          type="button"
          disabled={action.isPending}
          onClick={() => void save('publish')}
          className={buttonClasses()}
        >
          {m.publish}
        </button>
        <label className={label}>
          {m.fieldPublishAt}
          <input
            type="datetime-local"
            className={field}
            value={publishAt}
            min={localInput(new Date())}
            onChange={(e) => setPublishAt(e.target.value)}
          />
        </label>
        <button
          type="button"
          disabled={action.isPending}
          onClick={() => void save('schedule')}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {m.schedule}
        </button>
        {post?.published ? (
          <button
            type="button"
            disabled={action.isPending}
            onClick={() => void save('draft')}
            className={buttonClasses({ variant: 'ghost' })}
          >
            {m.unpublish}
          </button>
        ) : null}
      </div>
    </form>
  );
}
