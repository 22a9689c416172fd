import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { bookLookupMessages } from '../../../../domain/messages/book-lookup';
import { fill } from '../../../../domain/messages/fill';
import { readerBooksMessages as m } from '../../../../domain/messages/reader-books';
import type { BookLookupAnswer, LookupEditionView } from '../../../../domain/reader-books.schemas';
import { BookCover } from '../../../components/ui/book-cover';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { HttpError } from '../../../lib/http-error';
import { useBookLookup } from '../api/reader-books';

/**
 * The open-catalogue lookup: a title, an author or an ISBN, then the editions found, each of
 * which fills the form. Whatever it answers besides editions is a message, never a dead end:
 * the form below stays usable. `initialQuery` (the address's ?q=) is looked up at once.
 */
export function BookLookup(props: {
  initialQuery: string;
  onSearch: (query: string) => void;
  onPick: (edition: LookupEditionView) => void;
}) {
  const { initialQuery, onSearch, onPick } = props;
  const [text, setText] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  const [asked, setAsked] = useState(initialQuery !== '');
  const lookup = useBookLookup(query);
  const listId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setAsked(true);
    setQuery(q);
    onSearch(q);
    // The same words again after a failure: asked again (an answer is kept, not asked twice).
    if (q !== '' && q === query && lookup.isError) void lookup.refetch();
  };

  const answer = lookup.data;
  const editions = answer?.status === 'found' ? answer.editions : [];
  const message = asked && !lookup.isFetching ? lookupMessage(query, lookup) : null;

  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older Safari (and jsdom) */}
      <form
        role="search"
        onSubmit={submit}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="min-w-0 flex-1">
          <TextField
            type="search"
            label={m.lookupLabel}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={m.lookupPlaceholder}
            autoComplete="off"
            maxLength={200}
          />
        </div>
        <button
          type="submit"
          disabled={lookup.isFetching}
          className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'shrink-0' })}
        >
          <Search size={18} aria-hidden="true" />
          {m.lookupSubmit}
        </button>
      </form>
      <div role="status" className="mt-3 text-ink-soft">
        {lookup.isFetching ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="text-accent" />
            {m.lookupSearching}
          </span>
        ) : message ? (
          <p>{message}</p>
        ) : null}
      </div>
      {editions.length > 0 && !lookup.isFetching ? (
        <section aria-labelledby={listId} className="mt-6">
          <h2 id={listId} className="text-xl font-semibold">
            {m.editionsLabel}
          </h2>
          <ul className="mt-3 space-y-3">
            {editions.map((edition) => (
              <EditionCard key={edition.sourceKey} edition={edition} onPick={onPick} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** What the lookup says besides editions: a French message, or nothing. */
function lookupMessage(
  query: string,
  lookup: { data: BookLookupAnswer | undefined; error: Error | null },
): string | null {
  if (query === '') return bookLookupMessages.emptyQuery;
  if (lookup.error) {
    // The server's words for a refusal (a session gone, too many lookups); ours otherwise.
    return lookup.error instanceof HttpError && lookup.error.status < 500
      ? lookup.error.message
      : m.lookupFailed;
  }
  const answer = lookup.data;
  if (!answer) return null;
  if (answer.status !== 'found') return answer.message;
  return answer.editions.length === 0 ? bookLookupMessages.noResult : null;
}

function EditionCard(props: {
  edition: LookupEditionView;
  onPick: (edition: LookupEditionView) => void;
}) {
  const { edition, onPick } = props;
  const titleId = useId();
  const facts = [
    edition.year === null ? null : String(edition.year),
    edition.pageCount === null ? null : fill(m.editionPages, { pages: edition.pageCount }),
    edition.isbn13 === null ? null : fill(m.editionIsbn, { isbn: edition.isbn13 }),
  ].filter((fact): fact is string => fact !== null);
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-paper p-4">
      {edition.coverUrl ? (
        <BookCover
          book={{
            title: edition.title,
            // Through our server: the covers service is another origin (CSP, privacy).
            coverUrl: `/api/book-lookup/cover?url=${encodeURIComponent(edition.coverUrl)}`,
            coverWebpUrl: null,
          }}
          sizes="64px"
          className="w-16 shrink-0 self-start"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
        <h3 id={titleId} className="font-serif text-lg font-semibold [overflow-wrap:anywhere]">
          {edition.title}
        </h3>
        {edition.author ? <p className="[overflow-wrap:anywhere]">{edition.author}</p> : null}
        {facts.length > 0 ? (
          <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">{facts.join(' · ')}</p>
        ) : null}
        <button
          type="button"
          onClick={() => onPick(edition)}
          aria-describedby={titleId}
          className={buttonClasses({ size: 'sm', className: 'mt-2' })}
        >
          {m.pickEdition}
        </button>
      </div>
    </li>
  );
}
