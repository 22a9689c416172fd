import { bookCardMessages as t } from '../../../domain/messages/catalogue';
import { fill } from '../../../domain/messages/fill';
import { buttonClasses } from './button-styles';

/** 'X sur Y livres affichés' and, while some are hidden, 'Voir plus de livres'. */
export function ShowMore(props: { shown: number; total: number; onMore: () => void }) {
  const { shown, total, onMore } = props;
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <p className="text-sm text-ink-soft" aria-live="polite">
        {fill(t.shownOf, { shown, total })}
      </p>
      {shown < total ? (
        <button type="button" onClick={onMore} className={buttonClasses({ variant: 'secondary' })}>
          {t.showMore}
        </button>
      ) : null}
    </div>
  );
}
