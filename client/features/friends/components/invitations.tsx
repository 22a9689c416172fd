import { displayName } from '../../../../domain/accounts';
import type { FriendInvitation } from '../../../../domain/friends.schemas';
import { fill } from '../../../../domain/messages/fill';
import { friendsMessages as m } from '../../../../domain/messages/friends';
import { ActionButton } from './friend-parts';

/** Invitations received (accept, decline) or sent (withdraw). */
export function Invitations(props: {
  title: string;
  items: FriendInvitation[];
  text: string;
  kind: 'received' | 'sent';
  quest?: boolean;
}) {
  const accept = props.quest ? 'accept-quest' : 'accept-streak';
  const remove = props.quest ? 'remove-quest' : 'remove-streak';
  return (
    <div>
      <h3 className="text-lg font-semibold">{props.title}</h3>
      <ul className="mt-3 space-y-3">
        {props.items.map((item) => {
          const name = displayName(item.reader);
          return (
            <li
              key={item.id}
              className="flex flex-col gap-3 rounded-2xl border border-line bg-paper-deep/50 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="min-w-0">{fill(props.text, { name })}</p>
              <div className="flex flex-wrap gap-2">
                {props.kind === 'received' ? (
                  <>
                    <ActionButton
                      action={{ kind: accept, id: item.id }}
                      label={m.accept}
                      accessibleName={fill(m.acceptNamed, { what: fill(props.text, { name }) })}
                      done={m.accepted}
                      variant="primary"
                    />
                    <ActionButton
                      action={{ kind: remove, id: item.id }}
                      label={m.decline}
                      accessibleName={fill(m.declineNamed, { what: fill(props.text, { name }) })}
                      done={m.declined}
                    />
                  </>
                ) : (
                  <ActionButton
                    action={{ kind: remove, id: item.id }}
                    label={m.withdraw}
                    accessibleName={fill(m.withdrawNamed, { what: fill(props.text, { name }) })}
                    done={m.withdrawn}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
