import { adminBooksMessages as m } from '../../../../domain/messages/admin';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';

/** Previous / next with 'Page n sur N'; nothing when there is one page. */
export function Pager(props: { page: number; pages: number; onPage: (page: number) => void }) {
  if (props.pages <= 1) return null;
  return (
    <nav
      aria-label={fill(m.page, { page: props.page, pages: props.pages })}
      className="mt-4 flex items-center justify-between gap-3"
    >
      <button
        type="button"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        {m.previous}
      </button>
      <span className="text-sm text-ink-soft">
        {fill(m.page, { page: props.page, pages: props.pages })}
      </span>
      <button
        type="button"
        disabled={props.page >= props.pages}
        onClick={() => props.onPage(props.page + 1)}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        {m.next}
      </button>
    </nav>
  );
}
