import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { AdminBook } from '../../../../domain/admin-books.schemas';
import { categories } from '../../../../domain/catalogue';
import { adminBooksMessages as m } from '../../../../domain/messages/admin';
import { categoryLabels } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { bookSlug } from '../../../../domain/slugs';
import { buttonClasses } from '../../../components/ui/button-styles';
import { TextField } from '../../../components/ui/text-field';
import { serverErrorsByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useAdminBookWrites } from '../api/admin-books';
import { AdminDialog } from './admin-dialog';
import { CoverUpload } from './cover-upload';

/** The fields that show their own error (the others' go under the form). */
const fieldsWithError = new Set(['title', 'author', 'totalPages']);

/** Add a book (book null) or edit one: the server checks every field and says what is wrong. */
export function BookFormDialog(props: {
  book: AdminBook | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (book: AdminBook) => void;
}) {
  const { book } = props;
  const writes = useAdminBookWrites();
  const [title, setTitle] = useState(book?.title ?? '');
  const [author, setAuthor] = useState(book?.author ?? '');
  const [pages, setPages] = useState(book ? String(book.totalPages) : '');
  const [description, setDescription] = useState(book?.description ?? '');
  const [category, setCategory] = useState<string>(book?.category ?? 'litterature');
  const [tags, setTags] = useState(book?.tags.join(', ') ?? '');
  const [published, setPublished] = useState(book?.isPublished ?? true);
  // The cover is sent on its own (PUT …/cover), at once: it is shown here as soon as it is saved.
  const [coverUrl, setCoverUrl] = useState(book?.coverUrl ?? null);
  const [error, setError] = useState<string | null>(null);
  // Every wrong field at once, each under its field (the server names them all).
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const saving = writes.create.isPending || writes.update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    const common = {
      totalPages: pages,
      description,
      category: category as AdminBook['category'],
      tags: tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      isPublished: published,
    };
    try {
      const saved = book
        ? await writes.update.mutateAsync({ id: book.id, changes: common })
        : await writes.create.mutateAsync({ title, author, ...common });
      toast.success(book ? m.updated : m.added);
      props.onOpenChange(false);
      props.onSaved?.(saved);
    } catch (failure) {
      if (failure instanceof HttpError && failure.status < 500 && failure.message) {
        const byField = serverErrorsByField(failure.details);
        setFieldErrors(byField);
        // What no text field shows (a duplicate, the description, the tags) is said under the form.
        const elsewhere = Object.entries(byField)
          .filter(([path]) => !fieldsWithError.has(path))
          .map(([, message]) => message);
        const fieldless = Object.keys(byField).length === 0 ? [failure.message] : [];
        const rest = [...elsewhere, ...fieldless];
        setError(rest.length ? rest.join(' ') : null);
      } else toast.error(book ? m.updateError : m.addError);
    }
  };

  return (
    <AdminDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={book ? fill(m.editTitle, { title: book.title }) : m.addTitle}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {book ? null : (
          <>
            <TextField
              label={m.fields.title}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={fieldErrors.title}
              required
            />
            <TextField
              label={m.fields.author}
              value={author}
              onChange={(e) => setAuthor(e.target.value)}
              error={fieldErrors.author}
              required
            />
            {title && author ? (
              <p className="text-sm text-ink-soft">
                {fill(m.slugPreview, { slug: bookSlug(title, author) })}
              </p>
            ) : null}
          </>
        )}
        <TextField
          label={m.fields.pages}
          inputMode="numeric"
          value={pages}
          onChange={(e) => setPages(e.target.value)}
          error={fieldErrors.totalPages}
          required
        />
        <div>
          <label htmlFor="admin-book-description" className="block text-sm font-semibold">
            {m.fields.description}
          </label>
          <textarea
            id="admin-book-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={4}
            className="mt-1.5 block w-full rounded-xl border border-ink/25 bg-paper px-4 py-3"
          />
        </div>
        <div>
          <label htmlFor="admin-book-category" className="block text-sm font-semibold">
            {m.fields.category}
          </label>
          <select
            id="admin-book-category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className="mt-1.5 block h-12 w-full rounded-xl border border-ink/25 bg-paper px-4"
          >
            {categories.map((c) => (
              <option key={c} value={c}>
                {categoryLabels[c]}
              </option>
            ))}
          </select>
        </div>
        <TextField label={m.fields.tags} value={tags} onChange={(e) => setTags(e.target.value)} />
        {book ? (
          <fieldset>
            <legend className="text-sm font-semibold">{m.fields.cover}</legend>
            <div className="mt-1.5 flex items-center gap-4">
              {coverUrl ? (
                <img
                  src={coverUrl}
                  alt={`${m.fields.cover} — ${book.title}`}
                  className="h-24 w-16 rounded-md border border-line object-cover"
                />
              ) : (
                <p className="text-sm text-ink-soft">{m.noCover}</p>
              )}
              <CoverUpload
                bookId={book.id}
                title={book.title}
                hasCover={coverUrl !== null}
                onUploaded={(cover) => setCoverUrl(cover.coverUrl)}
              />
            </div>
          </fieldset>
        ) : null}
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={published}
            onChange={(e) => setPublished(e.target.checked)}
          />
          {m.fields.published}
        </label>
        {error ? (
          <p role="alert" className="text-sm font-semibold text-accent">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={() => props.onOpenChange(false)}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {m.cancel}
          </button>
          <button type="submit" disabled={saving} className={buttonClasses()}>
            {saving ? m.saving : m.save}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
