import { toast } from 'sonner';
import { communityMessages as c } from '../../../../domain/messages/community';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { useBlock, useBlocks } from '../api/blocks';
import { ReaderLink } from './reader-link';
import { refusalToast } from './refusal-toast';

/** 'Lecteurs bloqués' in the owner's settings, each with 'Débloquer'. */
export function BlockedReaders() {
  const blocks = useBlocks();
  const unblock = useBlock();

  return (
    <section aria-labelledby="lecteurs-bloques">
      <h2 id="lecteurs-bloques" className="text-lg font-semibold">
        {c.blockedListTitle}
      </h2>
      {blocks.data ? (
        blocks.data.length === 0 ? (
          <p className="mt-2 text-ink-soft">{c.noBlocked}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {blocks.data.map((reader) => (
              <li key={reader.id} className="flex items-center justify-between gap-3 py-2">
                <ReaderLink reader={reader} />
                <button
                  type="button"
                  aria-disabled={unblock.isPending || undefined}
                  onClick={() => {
                    if (unblock.isPending) return;
                    unblock.mutate(
                      { userId: reader.id, block: false },
                      { onSuccess: () => toast.success(c.unblocked), onError: refusalToast },
                    );
                  }}
                  className={buttonClasses({ variant: 'secondary', size: 'xs' })}
                >
                  {c.unblock}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : blocks.isError ? (
        <div role="alert" className="mt-2">
          <p>{c.discoverLoadFailed}</p>
          <button
            type="button"
            onClick={() => void blocks.refetch()}
            className={buttonClasses({ variant: 'secondary', size: 'xs', className: 'mt-2' })}
          >
            {c.retry}
          </button>
        </div>
      ) : (
        <p role="status" className="mt-2 flex items-center gap-2 text-ink-soft">
          <Spinner />
          {c.loading}
        </p>
      )}
    </section>
  );
}
