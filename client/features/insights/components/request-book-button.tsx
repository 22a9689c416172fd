import { useState } from 'react';
import { toast } from 'sonner';
import { importMessages as t } from '../../../../domain/messages/insights';
import { buttonClasses } from '../../../components/ui/button-styles';
import { apiRequest } from '../../../lib/api-client';
import { HttpError } from '../../../lib/http-error';
import { useSession } from '../../../lib/use-session';

/**
 * 'Demander ce livre' beside an unmatched import row, for premium readers: a book request
 * (POST /api/book-requests, whose rules the server applies: premium, two at a time).
 */
export function RequestBookButton(props: { title: string; author: string }) {
  const session = useSession();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (session.status !== 'signed-in' || !session.user.isPremium) return null;
  const send = () => {
    setBusy(true);
    apiRequest('/api/book-requests', {
      method: 'POST',
      body: { title: props.title.slice(0, 200), author: props.author.slice(0, 100) },
    })
      .then(
        () => setSent(true),
        (e: unknown) => toast.error(e instanceof HttpError ? e.message : t.failed),
      )
      .finally(() => setBusy(false));
  };
  return sent ? (
    <span className="text-sm font-medium">{t.requested}</span>
  ) : (
    <button
      type="button"
      disabled={busy}
      onClick={send}
      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
    >
      {t.requestBook}
    </button>
  );
}
