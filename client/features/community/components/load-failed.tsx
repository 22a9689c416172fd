import { communityMessages as c } from '../../../../domain/messages/community';
import { buttonClasses } from '../../../components/ui/button-styles';

/**
 * Something that did not load, and 'Réessayer'; by default the discover page's words.
 */
export function LoadFailed(props: { text?: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-2xl border border-line bg-paper-deep/60 p-5">
      <p className="font-semibold">{props.text ?? c.discoverLoadFailed}</p>
      <button
        type="button"
        onClick={props.onRetry}
        className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
      >
        {c.retry}
      </button>
    </div>
  );
}
