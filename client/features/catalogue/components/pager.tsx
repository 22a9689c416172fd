import { ChevronLeft, ChevronRight } from 'lucide-react';
import { exploreMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';

/** 'Précédent', 'Page N', 'Suivant' (docs/architecture.md#screens). */
export function Pager(props: {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const { page, hasPrevious, hasNext, onPage } = props;
  return (
    <nav
      aria-label={t.pagerLabel}
      className="mt-12 flex flex-wrap items-center justify-center gap-2 sm:gap-5"
    >
      <button
        type="button"
        disabled={!hasPrevious}
        onClick={() => onPage(page - 1)}
        className={buttonClasses({ variant: 'secondary' })}
      >
        <ChevronLeft size={18} aria-hidden="true" />
        {t.previous}
      </button>
      <p aria-current="page" className="min-w-16 text-center font-semibold">
        {fill(t.page, { page })}
      </p>
      <button
        type="button"
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
        className={buttonClasses({ variant: 'secondary' })}
      >
        {t.next}
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </nav>
  );
}
