import { Search } from 'lucide-react';
import { useId } from 'react';
import { homeMessages as t } from '../../../../domain/messages/catalogue';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import type { TypedField } from '../../../lib/use-typed-field';

/** The home search bar: a labelled search field and its button, which spins while searching. */
export function SearchBar(props: {
  /** The field's text, typed before React took the page over included (useTypedField). */
  field: TypedField;
  onSubmit: () => void;
  searching: boolean;
}) {
  const { field, onSubmit, searching } = props;
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older Safari (and jsdom)
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t.searchLabel}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          size={20}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 hidden -translate-y-1/2 text-ink-soft sm:block"
        />
        <input
          {...field}
          id={id}
          type="search"
          name="q"
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          className="block h-12 w-full rounded-full border border-ink/25 bg-paper pr-3 pl-4 text-base text-ink shadow-sm placeholder:text-[0.9rem] placeholder:text-ink-soft/80 sm:pr-4 sm:pl-12 sm:placeholder:text-base focus-visible:border-accent md:h-14 md:text-lg"
        />
      </div>
      <button
        type="submit"
        disabled={searching}
        aria-busy={searching || undefined}
        className={buttonClasses({
          size: 'lg',
          // Icon only under 640 px: a 48 px circle ('lg' pads 24 px a side, hence max-sm:).
          className: 'shrink-0 max-sm:w-12 max-sm:px-0 md:h-14',
        })}
      >
        {searching ? <Spinner /> : <Search size={18} aria-hidden="true" className="sm:hidden" />}
        <span className="sr-only sm:not-sr-only">{t.searchSubmit}</span>
      </button>
    </form>
  );
}
