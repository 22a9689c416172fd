import { useState } from 'react';
import { toast } from 'sonner';
import { BLOG_IMAGE_MAX_BYTES, blogSlug } from '../../../../domain/blog';
import type { BlogAdminPost, BlogImage } from '../../../../domain/blog.schemas';
import { blogMessages as m } from '../../../../domain/messages/blog';
import { HttpError } from '../../../lib/http-error';
import { uploadBlogImage, useBlogAdminAction } from './blog-admin-api';

/** keep: saved as it is; the others also change whether and when it is published. */
export type SaveMode = 'draft' | 'publish' | 'schedule' | 'keep';

/** The form's text fields, as typed (tags comma-separated, publishAt a datetime-local value). */
export type PostFields = {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  tags: string;
  markdown: string;
  imageAlt: string;
  publishAt: string;
};

export type UploadedImage = { hash: string; image: BlogImage };

/** The datetime-local value of an instant, in the browser's zone ('2026-11-24T09:30'). */
export function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof HttpError ? error.message : fallback;

const initialFields = (post: BlogAdminPost | null): PostFields => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  author: post?.author ?? '',
  tags: post?.tags.join(', ') ?? '',
  markdown: post?.markdown ?? '',
  imageAlt: post?.imageAlt ?? '',
  publishAt:
    post?.state === 'scheduled' && post.publishedAt ? localInput(new Date(post.publishedAt)) : '',
});

/**
 * A post being written or edited: its fields and image, the one error shown, saving (checked
 * first: a title, a text and a slug are required; a schedule must be in the future) and
 * uploading the image (an image file, at most BLOG_IMAGE_MAX_BYTES).
 */
export function useBlogPostEditor(post: BlogAdminPost | null, onDone: () => void) {
  const action = useBlogAdminAction();
  const [fields, setFields] = useState(() => initialFields(post));
  const [image, setImage] = useState<UploadedImage | null>(
    post?.imageHash && post.image ? { hash: post.imageHash, image: post.image } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const setField = (name: keyof PostFields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const input = (published: boolean, publishedAt: string | null) => ({
    title: fields.title,
    slug: fields.slug,
    markdown: fields.markdown,
    excerpt: fields.excerpt,
    author: fields.author,
    tags: fields.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    imageHash: image?.hash ?? null,
    imageAlt: fields.imageAlt,
    published,
    publishedAt,
  });

  const save = async (mode: SaveMode) => {
    setError(null);
    const { title, markdown, slug, publishAt } = fields;
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
      onDone();
    } catch (e) {
      setError(messageOf(e, m.saveError));
    }
  };

  const uploadImage = async (file: File | undefined) => {
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

  return {
    fields,
    setField,
    image,
    removeImage: () => setImage(null),
    uploadImage,
    uploading,
    error,
    saving: action.isPending,
    save,
  };
}
