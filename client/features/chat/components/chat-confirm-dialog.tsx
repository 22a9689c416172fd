import { chatMessages as m } from '../../../../domain/messages/chat';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** 'Supprimer ce message ?' or 'Signaler ce message ?': 'Annuler' (focused first) or the act. */
export function ChatConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      text={props.text}
      cancelLabel={m.cancel}
      confirmLabel={props.confirmLabel}
      onConfirm={() => {
        props.onOpenChange(false);
        props.onConfirm();
      }}
    />
  );
}
