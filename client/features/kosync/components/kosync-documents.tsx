import { BookOpen, Search, Smartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { bookAuthor, bookPath, bookTitle } from '../../../../domain/book-display';
import type { BookCard } from '../../../../domain/books.schemas';
import type { KosyncDocument } from '../../../../domain/kosync.schemas';
import { fill } from '../../../../domain/messages/fill';
import { kosyncMessages as m } from '../../../../domain/messages/kosync';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { formatRelativeDate } from '../../../lib/format';
import { HttpError } from '../../../lib/http-error';
import { findBooks, useDocumentBook } from '../api/kosync';

const percentOf = (percentage: number) => Math.round(percentage * 100);

/**
 * The books the reader's devices reported: an unknown one asks which book it is, with a
 * search of the catalogue; a linked one shows the page reached and can be unlinked.
 */
export function KosyncDocuments({ documents }: { documents: KosyncDocument[] }) {
  return (
    <div className="mt-6">
      <h3 className="font-semibold">{m.documentsTitle}</h3>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">{m.documentsEmpty}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {documents.map((doc) =>
            doc.book ? (
              <LinkedDocument key={doc.document} doc={doc} book={doc.book} />
            ) : (
              <UnknownDocument key={doc.document} doc={doc} />
            ),
          )}
        </ul>
      )}
    </div>
  );
}

function From({ doc }: { doc: KosyncDocument }) {
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-soft">
      <Smartphone size={14} aria-hidden="true" className="shrink-0" />
      <span className="[overflow-wrap:anywhere]">
        {fill(m.unknownFrom, {
          device: doc.device,
          percent: percentOf(doc.percentage),
          when: formatRelativeDate(doc.updatedAt),
        })}
      </span>
    </p>
  );
}

function LinkedDocument({
  doc,
  book,
}: {
  doc: KosyncDocument;
  book: NonNullable<KosyncDocument['book']>;
}) {
  const unlink = useDocumentBook();
  const title = bookTitle(book.title);
  return (
    <li className="rounded-2xl border border-line bg-paper p-4">
      <p className="font-medium [overflow-wrap:anywhere]">{fill(m.linkedTo, { title })}</p>
      <p className="mt-1 text-sm text-ink-soft [overflow-wrap:anywhere]">
        {fill(m.linkedPage, {
          page: doc.page ?? 0,
          total: book.totalPages,
          device: doc.device,
          when: formatRelativeDate(doc.updatedAt),
        })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={bookPath(book.slug)}
          className={buttonClasses({ variant: 'secondary', size: 'xs' })}
        >
          <BookOpen size={16} aria-hidden="true" />
          {m.seeBook}
        </Link>
        <button
          type="button"
          aria-label={fill(m.unlinkLabel, { title })}
          aria-busy={unlink.isPending || undefined}
          onClick={() =>
            unlink.isPending ||
            unlink.mutate(
              { document: doc.document, bookId: null },
              {
                onSuccess: () => toast.success(m.unlinked),
                onError: (e) => toast.error(e instanceof HttpError ? e.message : m.unlinkFailed),
              },
            )
          }
          className={buttonClasses({ variant: 'ghost', size: 'xs' })}
        >
          {m.unlink}
        </button>
      </div>
    </li>
  );
}

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; items: BookCard[] }
  | { status: 'failed' };

/** « Un appareil lit un livre que Lisons ne connaît pas : lequel est-ce ? », with a search. */
function UnknownDocument({ doc }: { doc: KosyncDocument }) {
  const questionId = useId();
  const [q, setQ] = useState(doc.title ?? '');
  const [hint, setHint] = useState<string | undefined>();
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const link = useDocumentBook();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    if (text.length < 2) return setHint(m.searchTooShort);
    setHint(undefined);
    setSearch({ status: 'searching' });
    try {
      setSearch({ status: 'done', items: (await findBooks(text)).items });
    } catch {
      setSearch({ status: 'failed' });
    }
  };

  const pick = (book: BookCard) => {
    if (link.isPending) return;
    link.mutate(
      { document: doc.document, bookId: book.id },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (e) => toast.error(e instanceof HttpError ? e.message : m.linkFailed),
      },
    );
  };

  return (
    <li
      aria-labelledby={questionId}
      className="rounded-2xl border border-accent/40 bg-accent-soft/60 p-4"
    >
      <p id={questionId} className="font-semibold">
        {m.unknownQuestion}
      </p>
      {doc.title ? (
        <p className="mt-1 text-sm [overflow-wrap:anywhere]">
          {fill(m.unknownMetadata, { title: doc.title })}
        </p>
      ) : null}
      <From doc={doc} />
      <form
        onSubmit={(event) => void submit(event)}
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="min-w-0 flex-1">
          <TextField
            label={m.searchLabel}
            placeholder={m.searchPlaceholder}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            error={hint}
          />
        </div>
        <button
          type="submit"
          aria-busy={search.status === 'searching' || undefined}
          className={buttonClasses({ variant: 'secondary', className: 'shrink-0' })}
        >
          {search.status === 'searching' ? <Spinner /> : <Search size={18} aria-hidden="true" />}
          {search.status === 'searching' ? m.searching : m.search}
        </button>
      </form>
      <div aria-live="polite">
        {search.status === 'failed' ? (
          <p role="alert" className="mt-2 text-sm font-medium text-accent">
            {m.searchFailed}
          </p>
        ) : search.status === 'done' && search.items.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">{m.searchEmpty}</p>
        ) : search.status === 'done' ? (
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-paper">
            {search.items.map((book) => {
              const title = bookTitle(book.title);
              return (
                <li
                  key={book.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
                >
                  <div className="min-w-0">
                    <p className="font-medium [overflow-wrap:anywhere]">{title}</p>
                    <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">
                      {bookAuthor(book.author)}
                    </p>
                  </div>
                  <button
                    type="button"
                    aria-label={fill(m.pickBookLabel, { title })}
                    aria-busy={(link.isPending && link.variables?.bookId === book.id) || undefined}
                    onClick={() => pick(book)}
                    className={buttonClasses({ size: 'xs', className: 'shrink-0' })}
                  >
                    {link.isPending && link.variables?.bookId === book.id ? <Spinner /> : null}
                    {m.pickBook}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
