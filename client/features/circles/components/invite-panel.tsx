import { Copy, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { displayName } from '../../../../domain/accounts';
import { circleJoinPath } from '../../../../domain/circles';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { fill } from '../../../../domain/messages/fill';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { HttpError } from '../../../lib/http-error';
import { useFollowing, useInviteReader, useRenewInviteCode } from '../api/circles';

/**
 * The creator's invitations (docs/architecture.md#reading-circles): the link to share (copied,
 * or renewed after a confirmation: the old one opens nothing any more), and the readers they
 * follow who are not members yet, each invited by a notification carrying the link.
 */
export function InvitePanel(props: {
  circleId: string;
  code: string;
  meId: string;
  memberIds: string[];
}) {
  const id = useId();
  const link = `${typeof window === 'undefined' ? '' : window.location.origin}${circleJoinPath(props.code)}`;
  const renew = useRenewInviteCode(props.circleId);
  const invite = useInviteReader(props.circleId);
  const following = useFollowing(props.meId, true);
  const [renewing, setRenewing] = useState(false);
  const [invited, setInvited] = useState<string[]>([]);
  const candidates = (following.data?.items ?? []).filter((r) => !props.memberIds.includes(r.id));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(m.linkCopied);
    } catch {
      toast.error(m.copyFailed);
    }
  };

  const inviteReader = (readerId: string) =>
    invite.mutate(readerId, {
      onSuccess: (res) => {
        setInvited((list) => [...list, readerId]);
        toast.success(res.message);
      },
      onError: (error) => {
        if (error instanceof HttpError && error.status === 409) {
          setInvited((list) => [...list, readerId]);
        }
        toast.error(error instanceof HttpError ? error.message : m.loadFailed);
      },
    });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-10 rounded-2xl border border-line bg-paper-deep/60 p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-2xl font-semibold">
        {m.inviteTitle}
      </h2>
      <label htmlFor={`${id}-link`} className="mt-4 block text-sm font-semibold">
        {m.inviteLinkLabel}
      </label>
      <input
        id={`${id}-link`}
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1.5 block h-12 w-full min-w-0 rounded-xl border border-ink/25 bg-paper px-4 text-sm text-ink"
      />
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" onClick={() => void copy()} className={buttonClasses({ size: 'sm' })}>
          <Copy size={16} aria-hidden="true" />
          {m.copyLink}
        </button>
        <button
          type="button"
          onClick={() => setRenewing(true)}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <RefreshCw size={16} aria-hidden="true" />
          {m.renewLink}
        </button>
      </div>
      <h3 className="mt-6 text-lg font-semibold">{m.inviteFollowed}</h3>
      {following.data && candidates.length === 0 ? (
        <p className="mt-2 text-ink-soft">{m.inviteNobody}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {candidates.map((reader) => {
            const name = displayName(reader);
            const done = invited.includes(reader.id);
            return (
              <li key={reader.id} className="flex items-center gap-3 py-2">
                <Avatar name={name} src={reader.avatarUrl} />
                <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{name}</span>
                <button
                  type="button"
                  disabled={done || invite.isPending}
                  aria-label={fill(done ? m.invitedLabel : m.inviteLabel, { name })}
                  onClick={() => inviteReader(reader.id)}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  {done ? m.invited : m.invite}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={renewing}
        onOpenChange={setRenewing}
        title={m.renewTitle}
        text={m.renewText}
        confirmLabel={m.renewLink}
        pendingLabel={m.confirming}
        cancelLabel={m.cancel}
        pending={renew.isPending}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => {
              toast.success(m.renewed);
              setRenewing(false);
            },
            onError: (error) => {
              toast.error(error instanceof HttpError ? error.message : m.loadFailed);
              setRenewing(false);
            },
          })
        }
      />
    </section>
  );
}
