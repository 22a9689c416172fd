import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiToken } from '../../../../domain/api-tokens.schemas';
import { apiTokenMessages as m } from '../../../../domain/messages/api-tokens';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatFrenchDate } from '../../../lib/format';
import { HttpError } from '../../../lib/http-error';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';

/** When a token stops (or stopped) working, in words. */
function expiry(token: ApiToken, now: number): string {
  if (!token.expiresAt) return m.noExpiry;
  const date = formatFrenchDate(token.expiresAt);
  return fill(Date.parse(token.expiresAt) <= now ? m.expiredOn : m.expiresOn, { date });
}

/** 'Mes jetons': each with its rights, lifetime and last use, and 'Révoquer'. */
export function ApiTokenList() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [asked, setAsked] = useState<ApiToken | null>(null);

  const confirm = () => {
    if (!asked) return;
    revoke.mutate(asked.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (failure) =>
        toast.error(
          failure instanceof HttpError && failure.status < 500 ? failure.message : m.failed,
        ),
      onSettled: () => setAsked(null),
    });
  };

  if (tokens.isError && !tokens.data) {
    return (
      <div role="alert">
        <p>{m.loadFailed}</p>
        <button
          type="button"
          onClick={() => void tokens.refetch()}
          className={buttonClasses({ variant: 'secondary', size: 'xs', className: 'mt-2' })}
        >
          {m.retry}
        </button>
      </div>
    );
  }
  if (!tokens.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-ink-soft">
        <Spinner />
        {m.loading}
      </p>
    );
  }
  const now = Date.now();
  return (
    <div>
      <h3 className="font-semibold">{m.listTitle}</h3>
      {tokens.data.tokens.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">{m.empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line" aria-label={m.listTitle}>
          {tokens.data.tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium">{token.name}</p>
                <p className="text-sm text-ink-soft">
                  {token.scope === 'write' ? m.scopeWrite : m.scopeRead} ·{' '}
                  {fill(m.createdOn, { date: formatFrenchDate(token.createdAt) })} ·{' '}
                  {expiry(token, now)}
                </p>
                <p className="break-words text-sm text-ink-soft">
                  {token.lastUsedAt
                    ? fill(m.lastUsed, {
                        date: formatFrenchDate(token.lastUsedAt),
                        address: token.lastUsedFrom ?? '?',
                      })
                    : m.neverUsed}
                </p>
              </div>
              <button
                type="button"
                aria-label={fill(m.revokeLabel, { name: token.name })}
                onClick={() => setAsked(token)}
                className={buttonClasses({ variant: 'secondary', size: 'xs' })}
              >
                {m.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title={m.revokeTitle}
        text={fill(m.revokeText, { name: asked?.name ?? '' })}
        cancelLabel={m.cancel}
        confirmLabel={m.revokeConfirm}
        pendingLabel={m.revoking}
        pending={revoke.isPending}
        destructive
        onConfirm={confirm}
      />
    </div>
  );
}
