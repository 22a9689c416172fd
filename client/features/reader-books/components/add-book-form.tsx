import { type FormEvent, type Ref, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { bookPath } from '../../../../domain/book-display';
import { type Category, categories } from '../../../../domain/catalogue';
import { categoryLabels } from '../../../../domain/messages/catalogue';
import { readerBooksMessages as m } from '../../../../domain/messages/reader-books';
import { type ReaderBookInput, readerBookSchema } from '../../../../domain/reader-books.schemas';
import { BookCover } from '../../../components/ui/book-cover';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { firstErrorByField, serverErrorsByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useAddBook } from '../api/reader-books';

/** The form's fields as typed (numbers too: the schema reads them). */
export type BookFields = {
  title: string;
  author: string;
  totalPages: string;
  category: Category | '';
  isbn: string;
  year: string;
  description: string;
};

export const emptyBookFields: BookFields = {
  title: '',
  author: '',
  totalPages: '',
  category: '',
  isbn: '',
  year: '',
  description: '',
};

type FieldName = keyof BookFields;
/** What the server refused: its French message, and the book already there on a 409. */
type Refusal = { message: string; existing?: { slug: string; title: string } };

/** The request body: empty optional fields left out, numbers as numbers. */
function toInput(fields: BookFields, coverUrl: string | null): ReaderBookInput {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
  return {
    title: fields.title,
    author: fields.author,
    totalPages: number(fields.totalPages) ?? '',
    category: fields.category as Category,
    ...(fields.isbn.trim() ? { isbn: fields.isbn } : {}),
    ...(fields.year.trim() ? { year: number(fields.year) } : {}),
    ...(fields.description.trim() ? { description: fields.description } : {}),
    ...(coverUrl ? { coverUrl } : {}),
  };
}

function existingOf(details: unknown): Refusal['existing'] {
  const d = details as { slug?: unknown; title?: unknown } | null | undefined;
  return typeof d?.slug === 'string' && typeof d.title === 'string'
    ? { slug: d.slug, title: d.title }
    : undefined;
}

/**
 * The book's details, checked with the server's own schema before sending; the server's
 * refusals shown as given (a 409 leads to the book already there). Once added, the book's page.
 */
export function AddBookForm(props: {
  fields: BookFields;
  onChange: (fields: BookFields) => void;
  /** The cover of the edition picked in the lookup, sent along. */
  coverUrl: string | null;
  firstFieldRef: Ref<HTMLInputElement>;
}) {
  const { fields, onChange, coverUrl, firstFieldRef } = props;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const add = useAddBook();
  const navigate = useNavigate();
  const formId = useId();
  const set =
    (name: FieldName) =>
    (event: { target: { value: string } }): void =>
      onChange({ ...fields, [name]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toInput(fields, coverUrl);
    const parsed = readerBookSchema.safeParse(body);
    if (!parsed.success) {
      const byField = firstErrorByField(parsed.error);
      setErrors(byField);
      setRefusal({ message: Object.values(byField)[0] ?? m.addError });
      return;
    }
    setErrors({});
    setRefusal(null);
    add.mutate(body, {
      onSuccess: (added) => {
        toast.success(m.added);
        navigate(bookPath(added.slug));
      },
      onError: (error) => {
        if (!(error instanceof HttpError) || error.status >= 500) {
          setRefusal({ message: m.addError });
          return;
        }
        if (error.code === 'ALREADY_EXISTS') {
          const existing = existingOf(error.details);
          setRefusal(existing ? { message: m.alreadyThere, existing } : { message: error.message });
          return;
        }
        setErrors(serverErrorsByField(error.details));
        setRefusal({ message: error.message });
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${formId}-title`}
      className="space-y-5 rounded-2xl border border-line bg-paper-deep/60 p-5 md:p-6"
    >
      <h2 id={`${formId}-title`} className="text-xl font-semibold">
        {m.formLabel}
      </h2>
      <TextField
        ref={firstFieldRef}
        label={m.fields.title}
        value={fields.title}
        onChange={set('title')}
        error={errors.title}
        required
        maxLength={200}
      />
      <TextField
        label={m.fields.author}
        value={fields.author}
        onChange={set('author')}
        error={errors.author}
        required
        maxLength={200}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={m.fields.totalPages}
          value={fields.totalPages}
          onChange={set('totalPages')}
          error={errors.totalPages}
          required
          inputMode="numeric"
          maxLength={5}
        />
        <CategorySelect
          value={fields.category}
          onChange={set('category')}
          error={errors.category}
        />
        <TextField
          label={m.fields.isbn}
          value={fields.isbn}
          onChange={set('isbn')}
          error={errors.isbn}
          inputMode="numeric"
          maxLength={30}
        />
        <TextField
          label={m.fields.year}
          value={fields.year}
          onChange={set('year')}
          error={errors.year}
          inputMode="numeric"
          maxLength={5}
        />
      </div>
      <DescriptionField
        value={fields.description}
        onChange={set('description')}
        error={errors.description}
      />
      {coverUrl ? (
        <div className="flex items-center gap-3 text-sm text-ink-soft">
          <BookCover
            book={{ title: fields.title, coverUrl, coverWebpUrl: null }}
            sizes="48px"
            className="w-12 shrink-0"
          />
          <p>{m.coverFromLookup}</p>
        </div>
      ) : null}
      <div role="alert">
        {refusal ? (
          <p className="rounded-xl border border-accent/40 bg-accent-soft px-4 py-3 font-medium text-accent-strong">
            {refusal.message}
            {refusal.existing ? (
              <>
                {' '}
                <span className="font-semibold">{refusal.existing.title}</span>.{' '}
                <Link to={bookPath(refusal.existing.slug)} className="underline">
                  {m.openExisting}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={add.isPending}
        aria-busy={add.isPending || undefined}
        className={buttonClasses({ className: 'w-full sm:w-auto' })}
      >
        {add.isPending ? <Spinner /> : null}
        {add.isPending ? m.submitting : m.submit}
      </button>
    </form>
  );
}

const controlClasses = (error: string | undefined) =>
  `mt-1.5 block w-full rounded-xl border bg-paper px-4 text-base text-ink focus-visible:border-accent ${error ? 'border-accent' : 'border-ink/25'}`;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-accent">
      {error}
    </p>
  ) : null;
}

function CategorySelect(props: {
  value: Category | '';
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {m.fields.category}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={props.onChange}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className={`h-12 ${controlClasses(props.error)}`}
      >
        <option value="" disabled>
          {m.fields.categoryPlaceholder}
        </option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {categoryLabels[category]}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}

function DescriptionField(props: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {m.fields.description}
      </label>
      <textarea
        id={id}
        value={props.value}
        onChange={props.onChange}
        maxLength={5000}
        rows={5}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className={`py-3 ${controlClasses(props.error)}`}
      />
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}
