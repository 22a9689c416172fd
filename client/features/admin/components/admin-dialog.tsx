import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';

/** The back office's modal frame: title, optional description, content (Radix: focus, Esc). */
export function AdminDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      placement="lg"
      title={props.title}
      description={props.description}
    >
      <div className="mt-5">{props.children}</div>
    </Dialog>
  );
}
