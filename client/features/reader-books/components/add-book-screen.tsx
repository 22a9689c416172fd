import { LogIn, PencilLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readerBooksMessages as m } from '../../../../domain/messages/reader-books';
import type { LookupEditionView } from '../../../../domain/reader-books.schemas';
import { signInPath } from '../../../../domain/return-path';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClasses } from '../../../components/ui/button-styles';
import { LoadingState } from '../../../components/ui/loading-state';
import { useSession } from '../../../lib/use-session';
import { AddBookForm, type BookFields, emptyBookFields } from './add-book-form';
import { BookLookup } from './book-lookup';

/**
 * /add-book (decision 044): a signed-in reader looks the book up in the open catalogue and picks
 * an edition, or types it; the server checks everything again. A visitor is asked to sign in,
 * and comes back here after.
 */
export function AddBookScreen() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingState text={m.loading} />;
  return (
    <div className="mx-auto max-w-3xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="font-serif text-3xl font-semibold md:text-4xl">{m.title}</h1>
      {session.status === 'signed-in' ? (
        <AddBook />
      ) : (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-paper-deep/60 p-5 sm:flex-row sm:items-center md:p-6">
          <p className="flex-1">{m.signInToAdd}</p>
          <ButtonLink to={signInPath(location)} className="shrink-0">
            <LogIn size={18} aria-hidden="true" />
            {m.signIn}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

/** An edition fills what it knows; the category and the summary stay the reader's. */
function fromEdition(fields: BookFields, edition: LookupEditionView): BookFields {
  return {
    ...fields,
    title: edition.title,
    author: edition.author,
    totalPages: edition.pageCount === null ? '' : String(edition.pageCount),
    isbn: edition.isbn13 ?? '',
    year: edition.year === null ? '' : String(edition.year),
  };
}

function AddBook() {
  const [params, setParams] = useSearchParams();
  const [initialQuery] = useState(() => (params.get('q') ?? '').trim());
  const [fields, setFields] = useState<BookFields>(emptyBookFields);
  const [coverUrl, setCoverUrl] = useState<string | null>(null);
  const [picked, setPicked] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);

  const pick = (edition: LookupEditionView) => {
    setFields((current) => fromEdition(current, edition));
    setCoverUrl(edition.coverUrl);
    setPicked(true);
    // The reader checks the filled form from its first field.
    firstField.current?.focus();
  };
  // The address keeps the words looked up (reload, back).
  const search = (q: string) => setParams(q ? { q } : {}, { replace: true });

  return (
    <>
      <p className="mt-3 text-lg text-ink-soft">{m.lead}</p>
      <div className="mt-8">
        <BookLookup initialQuery={initialQuery} onSearch={search} onPick={pick} />
      </div>
      <div className="mt-8 border-t border-line pt-8">
        <button
          type="button"
          onClick={() => firstField.current?.focus()}
          className={buttonClasses({ variant: 'ghost', className: 'mb-4 -ml-2 px-3' })}
        >
          <PencilLine size={18} aria-hidden="true" />
          {m.typeItYourself}
        </button>
        <p role="status" className="mb-4 text-sm font-medium text-ink-soft empty:hidden">
          {picked ? m.pickedEdition : null}
        </p>
        <AddBookForm
          fields={fields}
          onChange={setFields}
          coverUrl={coverUrl}
          firstFieldRef={firstField}
        />
      </div>
    </>
  );
}
