import { communityMessages as c } from '../../../../domain/messages/community';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** 'Bloquer ce lecteur ?': what a block does, then 'Annuler' (focused first) or 'Bloquer'. */
export function BlockDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={c.blockConfirmTitle}
      text={c.blockConfirmText}
      cancelLabel={c.cancel}
      confirmLabel={c.block}
      onConfirm={() => {
        props.onOpenChange(false);
        props.onConfirm();
      }}
    />
  );
}
