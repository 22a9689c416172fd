import { Ban } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { communityMessages as c } from '../../../../domain/messages/community';
import { type ButtonSize, buttonClasses } from '../../../components/ui/button-styles';
import { useBlock } from '../api/blocks';
import { BlockDialog } from './block-dialog';
import { refusalToast } from './refusal-toast';

/**
 * 'Bloquer' (after a confirmation) or 'Débloquer' (at once: it only gives back what the
 * block took away). Toasts 'Lecteur bloqué', 'Lecteur débloqué', or 'Erreur'.
 */
export function BlockButton(props: { userId: string; blocked: boolean; size?: ButtonSize }) {
  const { userId, blocked, size = 'sm' } = props;
  const [confirming, setConfirming] = useState(false);
  const block = useBlock();

  const run = (next: boolean) => {
    if (block.isPending) return;
    block.mutate(
      { userId, block: next },
      {
        onSuccess: (state) => toast.success(state.blocked ? c.blocked : c.unblocked),
        onError: refusalToast,
      },
    );
  };

  return (
    <>
      <button
        type="button"
        aria-disabled={block.isPending || undefined}
        onClick={() => (blocked ? run(false) : setConfirming(true))}
        className={buttonClasses({ variant: 'ghost', size })}
      >
        <Ban size={16} aria-hidden="true" />
        {blocked ? c.unblock : c.block}
      </button>
      <BlockDialog open={confirming} onOpenChange={setConfirming} onConfirm={() => run(true)} />
    </>
  );
}
