import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { displayName } from '../../../../domain/accounts';
import type { CircleMember } from '../../../../domain/circles.schemas';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { fill } from '../../../../domain/messages/fill';
import { profilePath } from '../../../../domain/screen-paths';
import { progressPercent } from '../../../../domain/segments';
import { Avatar } from '../../../components/ui/avatar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { HttpError } from '../../../lib/http-error';
import { useRemoveMember } from '../api/circles';
import { StandingChip } from './standing-chip';

/**
 * The members, first joined first: photo, name, progress on the book against the schedule;
 * for the creator, « Retirer » beside every other member, after a confirmation.
 */
export function CircleMembers(props: {
  circleId: string;
  members: CircleMember[];
  expected: number;
  meId: string;
  isCreator: boolean;
}) {
  const remove = useRemoveMember(props.circleId);
  const [removing, setRemoving] = useState<CircleMember | null>(null);
  const [open, setOpen] = useState(false);
  const name = removing ? displayName(removing.reader) : '';

  const confirm = () => {
    if (!removing) return;
    remove.mutate(removing.reader.id, {
      onSuccess: (res) => {
        toast.success(res.message);
        setOpen(false);
      },
      onError: (error) => {
        toast.error(error instanceof HttpError ? error.message : m.loadFailed);
        setOpen(false);
      },
    });
  };

  return (
    <section aria-labelledby="membres" className="mt-10">
      <h2 id="membres" className="text-2xl font-semibold">
        {m.membersTitle}
      </h2>
      <ul className="mt-4 space-y-3">
        {props.members.map((member) => {
          const label = displayName(member.reader);
          const mine = member.reader.id === props.meId;
          return (
            <li key={member.reader.id} className="rounded-2xl border border-line px-4 py-3">
              <div className="flex items-center gap-3">
                <Avatar name={label} src={member.reader.avatarUrl} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    <Link to={profilePath(member.reader.id)} className="hover:underline">
                      {label}
                    </Link>
                    {mine ? (
                      <span className="font-normal text-ink-soft"> {m.youSuffix}</span>
                    ) : null}
                  </p>
                  {member.isCreator ? (
                    <p className="text-sm text-ink-soft">{m.creatorSuffix}</p>
                  ) : null}
                </div>
                <StandingChip standing={member.standing} />
              </div>
              <div className="mt-3 flex items-center gap-3">
                <ProgressBar
                  percent={progressPercent(member.validated, props.expected)}
                  label={fill(m.progress, { validated: member.validated, total: props.expected })}
                />
                <span className="shrink-0 text-sm text-ink-soft">
                  {member.validated}/{props.expected}
                </span>
              </div>
              {props.isCreator && !mine ? (
                <div className="mt-2 flex justify-end">
                  <button
                    type="button"
                    aria-label={fill(m.removeLabel, { name: label })}
                    onClick={() => {
                      setRemoving(member);
                      setOpen(true);
                    }}
                    className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-accent-strong underline underline-offset-4 hover:bg-paper-deep"
                  >
                    {m.remove}
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={fill(m.removeTitle, { name })}
        text={fill(m.removeText, { name })}
        confirmLabel={m.remove}
        pendingLabel={m.confirming}
        cancelLabel={m.cancel}
        pending={remove.isPending}
        destructive
        onConfirm={confirm}
        testId="remove-member-dialog"
      />
    </section>
  );
}
