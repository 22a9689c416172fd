import { toast } from 'sonner';
import { communityMessages as c } from '../../../../domain/messages/community';
import { HttpError } from '../../../lib/http-error';

/**
 * A refused follow or block: 'Erreur', with the server's reason when it gave
 * one ('Impossible de suivre ce lecteur.'); a server failure needs no second sentence.
 */
export function refusalToast(error: unknown): void {
  const reason = error instanceof HttpError && error.status < 500 ? error.message : undefined;
  toast.error(c.error, reason ? { description: reason } : undefined);
}
