import { Heart } from 'lucide-react';
import { communityMessages as c } from '../../../../domain/messages/community';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { formatNumber } from '../../../lib/format';

/**
 * The Booky toggle for keyboard and screen-reader users (the double tap's twin): 'Donner un
 * Booky' or 'Retirer mon Booky', pressed while given.
 */
export function BookyButton(props: { liked: boolean; onToggle: () => void }) {
  const { liked, onToggle } = props;
  return (
    <button
      type="button"
      aria-pressed={liked}
      onClick={onToggle}
      className={buttonClasses({
        variant: liked ? 'secondary' : 'ghost',
        size: 'xs',
        className: liked ? 'border-accent/50 text-accent-strong' : 'text-ink-soft',
      })}
    >
      <Heart size={16} aria-hidden="true" className={liked ? 'fill-current' : undefined} />
      {liked ? c.takeBackBooky : c.giveBooky}
    </button>
  );
}

/** '1 Booky', '3 Bookys' (French keeps 0 and 1 singular). */
export function bookyCount(count: number): string {
  return fill(count > 1 ? c.bookyCountMany : c.bookyCountOne, { count: formatNumber(count) });
}
